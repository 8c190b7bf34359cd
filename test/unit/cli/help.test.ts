/**
 * `mol help`, `mol <verb> --help`, `mol --version` and did-you-mean for misspelt verbs and options,
 * through `main` in-process with an in-memory io.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { usageLine } from '../../../src/cli/verb-spec.js';
import { findVerb, SHOWN_VERBS } from '../../../src/cli/verbs.js';
import { memoryIO } from '../../helpers/memory-io.js';

let outside: string;
beforeAll(async () => {
  // Not a git repository: a verb that got past its options stops at once, touching nothing.
  outside = await mkdtemp(join(tmpdir(), 'mol-help-'));
});
afterAll(async () => {
  await rm(outside, { recursive: true, force: true });
});

async function mol(args: string[]) {
  const io = memoryIO({ cwd: outside });
  const code = await main(args, io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

const VERBS = SHOWN_VERBS.map((v) => v.name);
const spec = (name: string) => {
  const verb = findVerb(name);
  if (verb === undefined) throw new Error(`no verb ${name}`);
  return verb;
};
const usageOf = (name: string) => usageLine(spec(name));

describe('help of every verb', () => {
  it.each(VERBS)(
    'mol %s --help, -h and mol help %s print its usage, options and an example',
    async (verb) => {
      const long = await mol([verb, '--help']);
      expect(long.code).toBe(0);
      expect(long.stderr).toBe('');
      const lines = long.stdout.split('\n');
      expect(lines[0]?.startsWith(`usage: mol ${verb}`)).toBe(true);
      expect(lines).toContain('options:');
      expect(lines.filter((l) => /^ {2}-h, --help +print this help$/.test(l))).toHaveLength(1);
      for (const option of spec(verb).options) {
        expect(long.stdout).toMatch(
          new RegExp(`^ {2}(-\\w, | {4})--${option.name}\\b.* {2}${escapeRegExp(option.meaning)}$`, 'm'),
        );
      }
      const from = lines.findIndex((l) => /^examples?:$/.test(l)) + 1;
      const examples = lines.slice(from, lines.indexOf('', from));
      expect(examples).toEqual(spec(verb).examples.map((e) => `  ${e}`));
      expect(await mol([verb, '-h'])).toEqual(long);
      expect(await mol(['help', verb])).toEqual(long);
    },
  );

  it('a --help among other arguments still wins, but not after --', async () => {
    const help = await mol(['run', 'hello', '--jobs', '2', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: mol run /);
    // After `--` it is a word for the verb: here, an unexpected one.
    const word = await mol(['approve', 'm1', 's1', '--', '--help']);
    expect(word.code).toBe(2);
    expect(word.stdout).toBe('');
    expect(word.stderr).toMatch(/^mol: unexpected argument "--help"\nusage: mol approve /);
  });

  it.each(VERBS)('every option the help of %s names, the verb accepts', async (verb) => {
    for (const option of spec(verb).options) {
      const value = option.value === undefined ? [] : ['1'];
      const spellings = [`--${option.name}`, ...(option.short === undefined ? [] : [`-${option.short}`])];
      for (const flag of spellings) {
        const result = await mol([verb, flag, ...value]);
        expect(result.stderr, `${verb} ${flag}`).not.toMatch(/unknown option|takes no value|needs a value/);
      }
    }
  });

  it('mol help lists every verb with its summary (exit 0); bare mol prints the same list with exit 2', async () => {
    const help = await mol(['help']);
    expect(help.code).toBe(0);
    for (const verb of VERBS) {
      expect(help.stdout).toMatch(new RegExp(`^  ${verb} +${escapeRegExp(spec(verb).summary)}$`, 'm'));
    }
    expect(help.stdout).toMatch(/mol help <command>/);
    expect(help.stdout).toMatch(/NO_COLOR/);
    const bare = await mol([]);
    expect(bare).toEqual({ ...help, code: 2 });
    expect(await mol(['--help'])).toEqual(help);
    expect(await mol(['-h'])).toEqual(help);
  });

  it('the hidden __complete is in no list', async () => {
    expect((await mol(['help'])).stdout).not.toContain('__complete');
    expect((await mol(['help', '__complete'])).code).toBe(2);
  });

  it('mol help of an unknown verb is refused with a suggestion; extra words are a usage error', async () => {
    expect(await mol(['help', 'stauts'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'mol: unknown command "stauts"; did you mean "status"?\n',
    });
    const extra = await mol(['help', 'run', 'now']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toBe('mol: unexpected argument "now"\nusage: mol help [<command>]\n');
  });
});

describe('mol --version', () => {
  it('prints the version field of package.json, as --version and as a verb', async () => {
    const pkg = JSON.parse(await readFile(resolve(import.meta.dirname, '../../../package.json'), 'utf8'));
    expect(await mol(['--version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    expect(await mol(['version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it('takes no arguments', async () => {
    const result = await mol(['version', '--json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mol: unknown option "--json"\nusage: mol version\n');
  });
});

describe('did you mean', () => {
  it.each([
    ['stauts', 'status'],
    ['rn', 'run'],
    ['rollbak', 'rollback'],
    ['aprove', 'approve'],
    ['verison', 'version'],
    ['--verison', '--version'],
    ['--hepl', '--help'],
  ])('a misspelt verb %s is refused in one line naming %s (a usage error, exit 2)', async (typo, verb) => {
    expect(await mol([typo])).toEqual({
      code: 2,
      stdout: '',
      stderr: `mol: unknown command "${typo}"; did you mean "${verb}"?\n`,
    });
  });

  it('a verb near nothing points at the list', async () => {
    expect((await mol(['frobnicate'])).stderr).toBe(
      'mol: unknown command "frobnicate"; run "mol help" for the list\n',
    );
  });

  it.each([
    [['run', 'hello', '--jbos', '2'], '--jbos', '--jobs'],
    [['status', '--jsno'], '--jsno', '--json'],
    [['done', 'm1', 'greet', '--no-rn'], '--no-rn', '--no-run'],
    [['burn', 'm1', '--froce'], '--froce', '--force'],
    [['patrol', '--nudge-afer', '1h'], '--nudge-afer', '--nudge-after'],
    [['list', '--hlep'], '--hlep', '--help'],
    [['squash', 'm1', '--sumary=done'], '--sumary', '--summary'],
  ])('%j: one line naming the option meant, then the usage line; exit 2', async (args, typo, meant) => {
    expect(await mol(args)).toEqual({
      code: 2,
      stdout: '',
      stderr: `mol: unknown option "${typo}"; did you mean "${meant}"?\nusage: ${usageOf(args[0] ?? '')}\n`,
    });
  });

  it('an option near nothing the verb takes gets no guess', async () => {
    const result = await mol(['run', 'hello', '--parallel', '2']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`mol: unknown option "--parallel"\nusage: ${usageOf('run')}\n`);
  });

  it.each([
    [['run', 'hello', '--jobs'], 'option --jobs needs a value (N)', 'run'],
    [['status', '--graph=yes'], 'option --graph takes no value, got "yes"', 'status'],
    [['pour'], 'which formula? give a file or a name', 'pour'],
    [['done', 'm1'], 'which step? give its id (mol status <mol-id> shows them)', 'done'],
    [['fail', 'm1', 'greet'], 'say why the step failed', 'fail'],
    [['burn', 'm1', 'm2'], 'unexpected argument "m2"', 'burn'],
    [['completion', 'tcsh'], 'no completion for "tcsh"; give bash, zsh or fish', 'completion'],
  ])('%j is a usage error in the same words as the others: exit 2', async (args, message, verb) => {
    expect(await mol(args)).toEqual({
      code: 2,
      stdout: '',
      stderr: `mol: ${message}\nusage: ${usageOf(verb)}\n`,
    });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
