/**
 * The marker rule (issue 20, item 2): nothing a user wrote reaches a comment of the App's in a
 * form the App's parsers read back — `codeSpan` and `quiet` leave no raw `<` or `>` but their own
 * `<code>` tags — and a reply's marker is read only where the App writes it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findStateBlock } from '../../../../src/engine/codec/state-block.js';
import { codeSpan, escapeHtml } from '../../../../src/engine/render/escape-markdown.js';
import { quiet } from '../../../../src/shell/github/quiet.js';
import { markReply, repliedTo } from '../../../../src/shell/github/reply-marker.js';

const RUNS = { numRuns: 400 };
/** Text rich in what markers, tags and code spans are made of. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom('<!--', '-->', '<', '>', '&', '`', '``', '"', '\\', '\n', ' ', '|', '@'),
      fc.constantFrom('molecular:reply-to 42', 'molecular:state v1\n', 'code>', '</code', 'x'),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));

const rawHtmlLeft = (markdown: string) => /[<>]/.test(markdown.replace(/<\/?code>/g, ''));

describe('echoed text', () => {
  it('codeSpan and quiet leave no raw < or > but their own <code> tags (property)', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        expect(rawHtmlLeft(codeSpan(text))).toBe(false);
        expect(rawHtmlLeft(quiet(text))).toBe(false);
      }),
      RUNS,
    );
  });

  it('keeps what has nothing to escape byte for byte, and shows the rest as typed', () => {
    expect(codeSpan('draft')).toBe('`draft`');
    expect(quiet('step `a` failed: exit 1')).toBe('step `a` failed: exit 1');
    expect(codeSpan('/mol retry `<!-- molecular:reply-to 7 -->`')).toBe(
      '<code>/mol retry \\`&lt;!-- molecular:reply-to 7 --&gt;\\`</code>',
    );
    expect(quiet('give x=<value> & more')).toBe('give x=&lt;value&gt; &amp; more');
    // A code span keeps entities raw, so one holding < becomes an element instead.
    expect(escapeHtml('no step `<b>` here')).toBe('no step <code>&lt;b&gt;</code> here');
    // An unmatched backtick run is text, as CommonMark reads it.
    expect(escapeHtml('a ` b <c>')).toBe('a ` b &lt;c&gt;');
  });

  it('pairs code spans in linear time on a hostile run of unmatched backticks', () => {
    const text = Array.from({ length: 4_000 }, (_, i) => `${'`'.repeat((i % 300) + 1)}<`).join('');
    expect(rawHtmlLeft(escapeHtml(text))).toBe(false);
  });
});

describe('reply markers', () => {
  it('are read from the first line, where replies put them, and from the last for older replies', () => {
    expect(repliedTo(markReply(42, '@alice\n\nsaid'))).toBe(42);
    expect(repliedTo('@alice\n\nsaid\n\n<!-- molecular:reply-to 42 -->')).toBe(42);
    expect(repliedTo('@alice\r\n\r\nsaid\r\n\r\n<!-- molecular:reply-to 42 -->\r\n')).toBe(42);
  });

  it('are not read from anywhere else in a comment', () => {
    expect(repliedTo('@alice\n\n`/mol retry <!-- molecular:reply-to 42 -->` — unexpected\n\ndone')).toBe(
      undefined,
    );
    expect(repliedTo('@alice <!-- molecular:reply-to 42 -->')).toBe(undefined);
  });

  it("a reply names only the comment it answers, whatever the user's words in it (property)", () => {
    fc.assert(
      fc.property(hostile, hostile, (command, message) => {
        const body = markReply(7, `@alice\n\n${codeSpan(command)} — ${quiet(message)}`);
        expect(repliedTo(body)).toBe(7);
        // No state block can be read out of it either.
        expect(findStateBlock(body)).toBeUndefined();
        // A comment without the App's marker answers nothing, however the user's words end.
        expect(repliedTo(`@alice could not pour ${codeSpan(command)}: ${quiet(message)}`)).toBe(undefined);
      }),
      RUNS,
    );
  });
});
