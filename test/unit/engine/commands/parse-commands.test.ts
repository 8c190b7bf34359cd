import { describe, expect, it } from 'vitest';
import {
  type CommandError,
  isCommandError,
  type ParsedCommand,
} from '../../../../src/engine/commands/grammar.js';
import { MAX_COMMANDS_PER_COMMENT, parseCommands } from '../../../../src/engine/commands/parse-commands.js';

const one = (body: string): ParsedCommand | CommandError => {
  const all = parseCommands(body);
  expect(all).toHaveLength(1);
  return all[0] as ParsedCommand | CommandError;
};

describe('parseCommands: the verbs', () => {
  it('parses each command of the grammar into its typed form', () => {
    expect(one('/mol status')).toEqual({ verb: 'status', line: 1, text: '/mol status' });
    expect(one('/mol pour shiny feature=login title="Add a login page" empty=')).toMatchObject({
      verb: 'pour',
      formula: 'shiny',
      vars: { feature: 'login', title: 'Add a login page', empty: '' },
    });
    expect(one('/mol done design looks good, merged "as is"')).toMatchObject({
      verb: 'done',
      step: 'design',
      note: 'looks good, merged "as is"',
    });
    expect(one('/mol done design')).not.toHaveProperty('note');
    expect(one("/mol fail test it's flaky on Node 20")).toMatchObject({
      verb: 'fail',
      step: 'test',
      reason: "it's flaky on Node 20",
    });
    expect(one('/mol retry build')).toMatchObject({ verb: 'retry', step: 'build' });
    expect(one('/mol skip docs')).toMatchObject({ verb: 'skip', step: 'docs' });
    expect(one('/mol approve plan')).toMatchObject({ verb: 'approve', step: 'plan' });
    expect(one('/mol rollback')).toEqual({ verb: 'rollback', line: 1, text: '/mol rollback' });
    expect(one('/mol rollback implement')).toMatchObject({ verb: 'rollback', step: 'implement' });
    expect(one('/mol squash')).toEqual({ verb: 'squash', line: 1, text: '/mol squash' });
    expect(one('/mol squash Shipped in #42.')).toMatchObject({ verb: 'squash', summary: 'Shipped in #42.' });
    expect(one('/mol burn')).toMatchObject({ verb: 'burn', force: false });
    expect(one('/mol burn --force')).toMatchObject({ verb: 'burn', force: true });
    expect(one('/mol reset --force')).toMatchObject({ verb: 'reset', force: true });
    expect(one('/mol help')).toMatchObject({ verb: 'help' });
    expect(one('/mol help pour')).toMatchObject({ verb: 'help', topic: 'pour' });
  });

  it('parses plain reset, flagged as not forced, so the reply can ask for --force', () => {
    expect(one('/mol reset')).toMatchObject({ verb: 'reset', force: false });
  });

  it('answers a bare /mol with help', () => {
    expect(one('/mol')).toMatchObject({ verb: 'help' });
    expect(one('  /mol   ')).toMatchObject({ verb: 'help' });
  });

  it('reads verbs case-insensitively but keeps step names as written', () => {
    expect(one('/MOL Retry Build')).toMatchObject({ verb: 'retry', step: 'Build' });
  });

  it('unquotes a note that is a single quoted word, keeping its spaces', () => {
    expect(one('/mol done a "  spaced  "')).toMatchObject({ note: '  spaced  ' });
    expect(one('/mol pour f msg=“curly quotes”')).toMatchObject({ vars: { msg: 'curly quotes' } });
    expect(one('/mol pour f msg="say \\"hi\\""')).toMatchObject({ vars: { msg: 'say "hi"' } });
  });
});

describe('parseCommands: errors', () => {
  it('suggests the closest verb for a typo', () => {
    expect(one('/mol stauts')).toEqual({
      code: 'unknown-command',
      message: 'unknown command "/mol stauts" — did you mean "/mol status"?',
      suggestion: '/mol status',
      line: 1,
      text: '/mol stauts',
    });
    expect(one('/mol aprove plan')).toMatchObject({ suggestion: '/mol approve' });
    expect(one('/mol rety x')).toMatchObject({ suggestion: '/mol retry' });
  });

  it('says so without a suggestion when nothing is close', () => {
    const error = one('/mol deploy prod');
    expect(error).toMatchObject({ code: 'unknown-command' });
    expect(error).not.toHaveProperty('suggestion');
    expect((error as CommandError).message).toContain('"/mol help" lists the commands');
  });

  it('quotes at most a short piece of what was typed', () => {
    const error = one(`/mol ${'x'.repeat(5_000)}`) as CommandError;
    expect(error.code).toBe('unknown-command');
    expect(error.message.length).toBeLessThan(120);
    const extra = one(`/mol burn ${'y'.repeat(5_000)}`) as CommandError;
    expect(extra.message.length).toBeLessThan(150);
  });

  it('names the missing argument and shows the usage', () => {
    expect(one('/mol fail build')).toMatchObject({
      code: 'missing-argument',
      message: '"/mol fail" needs a <reason> — usage: /mol fail <step> <reason…>',
    });
    expect(one('/mol retry')).toMatchObject({
      code: 'missing-argument',
      message: expect.stringContaining('<step>'),
    });
    expect(one('/mol pour')).toMatchObject({
      code: 'missing-argument',
      message: expect.stringContaining('<formula>'),
    });
    expect(one('/mol pour feature=x')).toMatchObject({ code: 'missing-argument' });
    expect(one('/mol done')).toMatchObject({ code: 'missing-argument' });
  });

  it('refuses extra words, bad variables and unclosed quotes', () => {
    expect(one('/mol retry build test')).toMatchObject({
      code: 'unexpected-argument',
      message: expect.stringContaining('"test"'),
    });
    expect(one('/mol burn it all')).toMatchObject({ code: 'unexpected-argument' });
    expect(one('/mol reset --froce')).toMatchObject({
      code: 'unexpected-argument',
      suggestion: '/mol reset --force',
    });
    expect(one('/mol pour shiny feature')).toMatchObject({ code: 'bad-argument' });
    expect(one('/mol pour shiny 1x=2')).toMatchObject({ code: 'bad-argument' });
    expect(one('/mol pour shiny a=1 a=2')).toMatchObject({
      code: 'bad-argument',
      message: 'variable "a" is given twice',
    });
    expect(one('/mol pour shiny title="never closed')).toMatchObject({ code: 'unterminated-quote' });
  });
});

describe('parseCommands: which lines count', () => {
  it('takes one command per line, with line numbers, and ignores prose', () => {
    const body =
      'Thanks!\r\n/mol done design\r\nplease also run /mol status\r\n   /mol retry build\n/molecule foo';
    const commands = parseCommands(body);
    expect(commands.map((c) => [c.line, isCommandError(c) ? c.code : c.verb])).toEqual([
      [2, 'done'],
      [4, 'retry'],
    ]);
  });

  it('ignores fenced code blocks, of backticks and of tildes, until the matching fence', () => {
    const body = [
      '```',
      '/mol burn',
      '```',
      '~~~~ text',
      '/mol burn',
      '~~~', // too short to close a four-tilde fence
      '/mol burn',
      '~~~~',
      '/mol status',
      '````md',
      '```',
      '/mol burn',
      '````',
    ].join('\n');
    expect(parseCommands(body).map((c) => [c.line, 'verb' in c ? c.verb : c.code])).toEqual([[9, 'status']]);
  });

  it('ignores everything after an unclosed fence', () => {
    expect(parseCommands('```\n/mol burn')).toEqual([]);
  });

  it('ignores quoted lines and HTML comments, including comments over several lines', () => {
    const body = [
      '> /mol burn',
      '>/mol burn',
      '<!-- /mol burn -->',
      '<!--',
      '/mol burn',
      '-->',
      // A line that opens with an HTML comment is an HTML block, raw HTML rather than a paragraph.
      '<!-- a --> /mol burn',
      '',
      '/mol done a note <!-- hidden --> shown',
      'text <!-- a comment over',
      '/mol burn',
      'two lines --> and on',
      '/mol status',
    ].join('\n');
    const commands = parseCommands(body);
    expect(commands.map((c) => [c.line, 'verb' in c ? c.verb : c.code])).toEqual([
      [9, 'done'],
      [13, 'status'],
    ]);
    expect(commands[0]).toMatchObject({ note: 'note  shown' });
  });

  it('ignores indented code blocks, and fences inside list items', () => {
    const body = [
      'Run this:',
      '',
      '    /mol burn',
      '',
      '- a list item with a fence:',
      '',
      '  ```',
      '  /mol burn',
      '  ```',
      '- and a continued paragraph',
      '  /mol status',
    ].join('\n');
    expect(parseCommands(body).map((c) => [c.line, 'verb' in c ? c.verb : c.code])).toEqual([[11, 'status']]);
  });

  it('keeps a fence open past a "closing" fence indented four spaces or more', () => {
    const body = ['~~~', '    ~~~', '/mol burn', '~~~', '/mol status'].join('\n');
    expect(parseCommands(body).map((c) => [c.line, 'verb' in c ? c.verb : c.code])).toEqual([[5, 'status']]);
  });

  it('ignores lines inside code spans, HTML attributes, link titles and images', () => {
    const body = [
      'see `code over',
      '/mol burn` here',
      'a <span title="x',
      '/mol burn"> tag',
      '[a link](https://example.com "a title',
      '/mol burn")',
      '![an image',
      '/mol burn](x.png)',
      '/mol status',
    ].join('\n');
    expect(parseCommands(body).map((c) => [c.line, 'verb' in c ? c.verb : c.code])).toEqual([[9, 'status']]);
  });

  it('obeys a command after an inline `<!--` that never closes: GitHub shows both as text', () => {
    const body = ['look <!-- this never closes', '/mol status', '', '/mol help'].join('\n');
    expect(parseCommands(body).map((c) => [c.line, 'verb' in c ? c.verb : c.code])).toEqual([
      [2, 'status'],
      [4, 'help'],
    ]);
  });

  it('ignores table cells, and takes a setext heading as text', () => {
    const table = ['| a | b |', '|---|---|', '/mol burn | x'].join('\n');
    expect(parseCommands(table)).toEqual([]);
    expect(parseCommands('/mol status\n---')).toMatchObject([{ verb: 'status', line: 1 }]);
  });

  it('reads commands from a hostile 65,536-character comment without blowing up', () => {
    for (const filler of ['>', '> x\n', 'a\n=\n', '[', '[a](b "', '`a``', '- ', '<a ', '*a', '\n']) {
      const body = `/mol status\n\n${filler.repeat(Math.ceil(65_536 / filler.length))}`.slice(0, 65_536);
      const commands = parseCommands(body);
      expect(commands[0]).toMatchObject({ verb: 'status', line: 1 });
    }
    // Each level of nesting re-reads the lines below it: the depth read is capped.
    const deep = `/mol status\n\n${'>'.repeat(200)} x\n${'y\n'.repeat(32_000)}`.slice(0, 65_536);
    expect(parseCommands(deep)).toMatchObject([{ verb: 'status', line: 1 }]);
  });
});

describe('parseCommands: how many', () => {
  it('takes the first ten commands of a comment and answers the rest in one line', () => {
    const body = Array.from({ length: 500 }, (_, i) => `/mol retry step-${i}`).join('\n\n');
    const commands = parseCommands(body);
    expect(MAX_COMMANDS_PER_COMMENT).toBe(10);
    expect(commands).toHaveLength(11);
    expect(commands.slice(0, 10).map((c) => ('verb' in c && c.verb === 'retry' ? c.step : c))).toEqual(
      Array.from({ length: 10 }, (_, i) => `step-${i}`),
    );
    expect(commands[10]).toEqual({
      code: 'too-many-commands',
      line: 21,
      text: '/mol retry step-10',
      message:
        '490 more `/mol` commands (lines 21–999) ignored: one comment runs at most 10; put the rest in another comment',
    });
  });

  it('takes exactly ten without a word about the limit', () => {
    const body = Array.from({ length: 10 }, () => '/mol status').join('\n');
    expect(parseCommands(body).every((c) => 'verb' in c)).toBe(true);
    expect(parseCommands(`${body}\n/mol help`).at(-1)).toMatchObject({
      code: 'too-many-commands',
      message: expect.stringContaining('1 more `/mol` command (line 11) ignored'),
    });
  });
});
