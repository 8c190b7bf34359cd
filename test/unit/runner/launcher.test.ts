/**
 * The long-lived shell that starts the runner's git calls (launcher.ts): every argument reaches the
 * program as it was given, the program's output and status come back whole and to the right
 * caller, and a shell that dies answers its call as failed and leaves the next call unharmed.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, shellQuote } from '../../../src/runner/launcher.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' };
/** Prints each argument followed by a NUL: what the program received, byte for byte. */
const ECHO_ARGS = ['-c', 'printf "%s\\0" - "$@"', 'sh'];

let dir: string;
beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'mol-launcher-')));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const run = async (args: string[], cwd = dir, env: Record<string, string> = ENV, maxBytes?: number) => {
  const launched = await launch('sh', args, cwd, env, maxBytes);
  if (launched === undefined) throw new Error('no shell');
  return launched;
};

describe('launch', () => {
  it('passes every argument through as data, whatever it holds', async () => {
    // Quotes, backslashes, `$(…)`, backquotes, newlines, globs, leading dashes, any Unicode: only
    // NUL cannot be in an argument at all.
    const arg = fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !s.includes('\0'));
    await fc.assert(
      fc.asyncProperty(fc.array(arg, { maxLength: 6 }), async (args) => {
        const out = await run([...ECHO_ARGS, ...args]);
        expect(out.code).toBe(0);
        expect(out.stdout).toBe(['-', ...args].map((a) => `${a}\0`).join(''));
      }),
      { numRuns: RUNS },
    );
  });

  it('quotes for sh so that nothing in the argument is read as syntax', () => {
    expect(shellQuote("it's $(rm -rf /)")).toBe("'it'\\''s $(rm -rf /)'");
  });

  it('returns stdout, stderr and the exit status apart, with output that ends without a newline', async () => {
    const out = await run(['-c', 'printf out; printf err >&2; exit 3']);
    expect(out).toEqual({ code: 3, stdout: 'out', stderr: 'err' });
  });

  it('returns a large output whole', async () => {
    const out = await run(['-c', 'head -c 1000000 /dev/zero | tr "\\0" a']);
    expect(out.code).toBe(0);
    expect(out.stdout.length).toBe(1_000_000);
    expect(out.stdout.replaceAll('a', '')).toBe('');
  });

  it('says when the output passed the limit, keeping what fits', async () => {
    const out = await run(['-c', 'head -c 5000 /dev/zero | tr "\\0" b'], dir, ENV, 100);
    expect(out.overflowed).toBe(true);
    expect(out.stdout).toBe('b'.repeat(100));
  });

  it('gives the program an empty stdin, so one that reads it does not take the next calls', async () => {
    const out = await run(['-c', 'cat; echo done']);
    expect(out.stdout).toBe('done\n');
    expect((await run(['-c', 'echo after'])).stdout).toBe('after\n');
  });

  it('runs in the folder it is given, relative to this process as execFile would', async () => {
    expect((await run(['-c', 'pwd -P'])).stdout.trim()).toBe(dir);
    expect((await run(['-c', 'pwd -P'], relative(process.cwd(), dir))).stdout.trim()).toBe(dir);
  });

  it('answers a folder that cannot be entered with -1 and why, without running the program', async () => {
    const missing = join(dir, 'no such folder');
    const out = await run(['-c', `touch ${shellQuote(join(dir, 'ran'))}`], missing);
    expect(out.code).toBe(-1);
    expect(out.stderr).toMatch(/can't cd|No such file/);
    const after = await run(['-c', `test -e ${shellQuote(join(dir, 'ran'))} && echo ran || echo not`]);
    expect(after.stdout).toBe('not\n');
  });

  it('runs the program with the environment it is given, a different one in another shell', async () => {
    const a = await run(['-c', 'printf %s "$WHO"'], dir, { ...ENV, WHO: 'a' });
    const b = await run(['-c', 'printf %s "$WHO"'], dir, { ...ENV, WHO: 'b' });
    const a2 = await run(['-c', 'printf %s "$WHO"'], dir, { ...ENV, WHO: 'a' });
    expect([a.stdout, b.stdout, a2.stdout]).toEqual(['a', 'b', 'a']);
  });

  it('answers calls made at once each with its own output', async () => {
    const calls = Array.from({ length: 12 }, (_, i) =>
      run(['-c', `sleep 0.0${i % 3}; printf %s ${i}; printf e${i} >&2; exit ${i}`]),
    );
    const outs = await Promise.all(calls);
    outs.forEach((out, i) => {
      expect(out).toEqual({ code: i, stdout: `${i}`, stderr: `e${i}` });
    });
  });

  it('fails the call whose shell was killed, and starts a new shell for the next', async () => {
    // The program kills the shell that started it: the call cannot be answered by its status.
    const killed = await run(['-c', 'kill -9 $PPID; sleep 1']);
    expect(killed.code).not.toBe(0);
    expect(killed.stderr).toMatch(/ended/);
    const next = await run(['-c', 'echo fine']);
    expect(next).toEqual({ code: 0, stdout: 'fine\n', stderr: '' });
  });

  it('refuses an argument holding NUL, which no program can be given, without starting anything', async () => {
    expect(await launch('sh', ['-c', 'true', 'a\0b'], dir, ENV)).toBeUndefined();
  });

  // Last: a machine with no `sh` sends every later call of this process the usual way.
  it('answers undefined where no shell can be started, so the caller runs the program itself', async () => {
    expect(await launch('sh', ['-c', 'true'], dir, { PATH: join(dir, 'no-bin') })).toBeUndefined();
    expect(await launch('sh', ['-c', 'true'], dir, ENV)).toBeUndefined();
  });
});
