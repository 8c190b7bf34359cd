import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCommand } from '../../src/engine/commands/format-command.js';
import type { ParsedCommand } from '../../src/engine/commands/grammar.js';
import { parseCommands } from '../../src/engine/commands/parse-commands.js';

/** One-line text: no line breaks (a command is one line) and no `<!--` (HTML comments are ignored by design). */
const lineText = fc
  .string({ unit: 'binary', maxLength: 24 })
  .map((s) => s.replace(/[\r\n\u0085\u2028\u2029]/g, ' '))
  .filter((s) => !s.includes('<!--'));
const word = fc.oneof(fc.stringMatching(/^[A-Za-z0-9._-]{1,12}$/), lineText);
const freeText = lineText.filter((s) => s.trim() !== '');
const varKey = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,8}$/).filter((k) => k !== '__proto__');

type Body<C> = C extends ParsedCommand ? Omit<C, 'line' | 'text'> : never;
type CommandBody = Body<ParsedCommand>;

const withOptional = <K extends string>(key: K, arb: fc.Arbitrary<string>) =>
  fc
    .option(arb, { nil: undefined })
    .map((value) => (value === undefined ? {} : ({ [key]: value } as Record<K, string>)));

const commandArb: fc.Arbitrary<CommandBody> = fc.oneof(
  fc.constant({ verb: 'status' as const }),
  fc.constant({ verb: 'deliver' as const }),
  fc.boolean().map((force) => ({ verb: 'burn' as const, force })),
  withOptional('topic', word).map((rest) => ({ verb: 'help' as const, ...rest })),
  fc.record({ verb: fc.constantFrom('retry' as const, 'skip' as const, 'approve' as const), step: word }),
  withOptional('step', word).map((rest) => ({ verb: 'rollback' as const, ...rest })),
  fc
    .tuple(word, withOptional('note', freeText))
    .map(([step, rest]) => ({ verb: 'done' as const, step, ...rest })),
  fc.record({ verb: fc.constant('fail' as const), step: word, reason: freeText }),
  withOptional('summary', freeText).map((rest) => ({ verb: 'squash' as const, ...rest })),
  fc.record({
    verb: fc.constant('pour' as const),
    formula: word,
    vars: fc.dictionary(varKey, lineText, { maxKeys: 4 }),
  }),
  fc.record({ verb: fc.constant('reset' as const), force: fc.boolean() }),
  fc
    .tuple(
      word,
      fc.dictionary(varKey, lineText, { maxKeys: 4 }),
      withOptional('ttl', fc.constantFrom('30m', '2h', '1h30m', '90s')),
    )
    .map(([formula, vars, rest]) => ({ verb: 'wisp' as const, formula, vars, ...rest })),
);

describe('slash-command parser properties', () => {
  it('never throws, whatever the comment', () => {
    const commentish = fc.array(
      fc.oneof(
        fc.string({ unit: 'binary' }),
        fc.constantFrom(
          '/mol ',
          '```',
          '~~~',
          '<!--',
          '-->',
          '> ',
          '"',
          '“',
          '\\',
          '\n',
          '\r\n',
          '=',
          '--force',
        ),
      ),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(commentish, (parts) => {
        const result = parseCommands(parts.join(''));
        expect(Array.isArray(result)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('parses every formatted command back to itself, on the line it was written', () => {
    fc.assert(
      fc.property(commandArb, fc.nat({ max: 3 }), (command, blankLines) => {
        const line = formatCommand({ ...command, line: 0, text: '' } as ParsedCommand);
        const parsed = parseCommands(`${'\n'.repeat(blankLines)}${line}`);
        expect(parsed).toHaveLength(1);
        expect(parsed[0]).toEqual({ ...command, line: blankLines + 1, text: line.trim() });
      }),
      { numRuns: 2_000 },
    );
  });

  it('ignores every command inside a fenced block or a quote', () => {
    fc.assert(
      fc.property(commandArb, fc.constantFrom('```', '~~~', '````'), (command, fence) => {
        const line = formatCommand({ ...command, line: 0, text: '' } as ParsedCommand);
        expect(parseCommands(`${fence}\n${line}\n${fence}`)).toEqual([]);
        expect(parseCommands(`> ${line}`)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
