/**
 * Fuzzing the `/mol` slash-command parser (issue 6): comment bodies made of command-like lines,
 * code fences, quotes, HTML comments, hostile text and raw binary. Every command line yields a
 * typed command or a typed error with a sentence; nothing throws; lines inside code blocks and
 * HTML comments never become commands; every parsed command has a least permission.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMAND_VERBS, type CommandErrorCode, isCommandError } from '../../src/engine/commands/grammar.js';
import { parseCommands } from '../../src/engine/commands/parse-commands.js';
import { permissionAtLeast, requiredPermission } from '../../src/engine/commands/permissions.js';
import { PERMISSIONS } from '../../src/engine/formula/formula-schema.js';
import { describeFailure, runFuzz } from '../helpers/chaos/fuzz.js';
import { fuzzRuns, seedOf, timeoutFor } from '../helpers/chaos/scale.js';

const RUNS = fuzzRuns(300);
const TIMEOUT = timeoutFor(RUNS, 2);
const ERROR_CODES: CommandErrorCode[] = [
  'unknown-command',
  'missing-argument',
  'unexpected-argument',
  'bad-argument',
  'unterminated-quote',
];

const piece = fc.oneof(
  fc.constantFrom(
    ...COMMAND_VERBS,
    'stauts',
    'dnoe',
    'rest',
    '--force',
    '--forc',
    'x=1',
    'a="b c"',
    "k='v",
    '"',
    '“',
    '”',
    '\\',
    '=',
    '$(touch /tmp/pwned)',
    '; rm -rf ~',
    '`',
    '@alice',
    '#12',
    '😀',
    '\u0000',
    '\ud800',
  ),
  fc.string({ maxLength: 10 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
);
const commandLine = fc
  .tuple(
    fc.constantFrom('/mol', '/mol', '/MOL', ' /mol', '/mol\t', '/molecule', 'please /mol', '/mol:'),
    fc.array(piece, { maxLength: 6 }),
  )
  .map(([head, rest]) => [head, ...rest].join(' '));
const otherLine = fc.oneof(
  fc.constantFrom(
    '```',
    '~~~',
    '````',
    '```mol',
    '<!--',
    '-->',
    '> /mol burn',
    '    /mol burn',
    '',
    ' ',
    '\r',
  ),
  fc.string({ maxLength: 30 }),
);
const body = fc
  .tuple(
    fc.array(fc.oneof(commandLine, otherLine), { maxLength: 12 }),
    fc.constantFrom('\n', '\r\n', '\r', '\u2028'),
  )
  .map(([lines, eol]) => lines.join(eol));

describe('fuzzing the slash-command parser', () => {
  it(
    'every command line is a typed command or a typed error, and every command has a permission',
    () => {
      const details = runFuzz({
        name: 'slash commands: random comment bodies',
        tried:
          'comment bodies of /mol lines (every verb, misspellings, quotes, flags, k=v, shell text, binary) mixed with code fences, quotes, HTML comments and other text, with LF, CRLF, CR and U+2028 line ends',
        held: 'never throws; each result a command of a known verb with a least permission, or one of the five typed errors with a sentence on a real line',
        runs: RUNS,
        seed: seedOf(),
        arbitrary: body,
        check: (text) => {
          const lineCount = text.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/).length;
          for (const result of parseCommands(text)) {
            expect(Number.isInteger(result.line) && result.line >= 1 && result.line <= lineCount).toBe(true);
            if (isCommandError(result)) {
              expect(ERROR_CODES).toContain(result.code);
              expect(result.message.trim().length).toBeGreaterThan(0);
              continue;
            }
            expect(COMMAND_VERBS).toContain(result.verb);
            const needed = requiredPermission(result);
            expect(PERMISSIONS).toContain(needed);
            // No one without access passes any check; an admin passes every one.
            expect(permissionAtLeast('none', needed)).toBe(false);
            expect(permissionAtLeast('admin', needed)).toBe(true);
          }
        },
      });
      expect(details.failed, describeFailure(details)).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'a command inside a code block or an HTML comment is never a command',
    () => {
      const details = runFuzz({
        name: 'slash commands: hidden in code and comments',
        tried:
          'random /mol lines wrapped in ``` and ~~~ fences, indented code and <!-- --> comments, between random text',
        held: 'none of them is parsed as a command or an error',
        runs: RUNS,
        seed: seedOf(),
        arbitrary: fc.tuple(
          fc.array(
            commandLine.map((l) =>
              l.replace(/[\r\n\u2028\u2029\u0085]/g, ' ').replace(/```|~~~|<!--|-->/g, ''),
            ),
            { minLength: 1, maxLength: 4 },
          ),
          fc.constantFrom<[string, string]>(
            ['```', '```'],
            ['~~~', '~~~'],
            ['```mol', '```'],
            ['<!--', '-->'],
            ['<!-- x', 'y -->'],
          ),
          fc.array(fc.stringMatching(/^[a-z ]{0,20}$/), { maxLength: 2 }),
        ),
        check: ([lines, [open, close], around]) => {
          const text = [...around, open, ...lines, close, ...around].join('\n');
          expect(parseCommands(text)).toEqual([]);
        },
      });
      expect(details.failed, describeFailure(details)).toBe(false);
    },
    TIMEOUT,
  );
});
