/**
 * The views across molecules, through the real `mol` binary and real git: `mol ls` (every
 * molecule, its progress and what it waits on, filtered by status, as documented JSON), `mol ready`
 * (what a person can do now, or `mol run` would start) and `mol status --watch`, which follows a
 * molecule that other `mol` processes change until it ends. Piped output is plain; a terminal is a
 * pseudo-terminal from util-linux `script`, where there is one. Nothing here sleeps: a test waits
 * for the output it expects.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReadyStepSchema } from '../../src/cli/commands/ready.js';
import { MoleculeLineSchema } from '../../src/cli/molecule-line.js';
import { json, spawnMol, useCliRepo } from '../helpers/cli.js';

const { cli, repo, run } = useCliRepo(async (r) => {
  await writeFile(join(r.flows, 'review.formula.toml'), REVIEW);
});

/** A person drafts, a command builds, a person approves the sign-off. */
const REVIEW = `
formula = "review"
version = 1
execution = "distributed"
[[steps]]
id = "draft"
title = "Write the draft"
type = "human"
[[steps]]
id = "build"
title = "Build it"
needs = ["draft"]
run = "true"
[[steps]]
id = "signoff"
title = "Sign off"
needs = ["build"]
run = "true"
gate = { type = "approval" }
`;

const review = () => join(repo.flows, 'review.formula.toml');

/** A process's stdout as it comes, and a promise for each thing a test waits to see in it. */
function follow(child: ChildProcess) {
  let out = '';
  let stderr = '';
  const waiting = new Set<() => void>();
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    for (const check of waiting) check();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exit = new Promise<number | null>((done) => child.on('close', done));
  return {
    child,
    get out() {
      return out;
    },
    get stderr() {
      return stderr;
    },
    exit,
    /** Resolves once the output passes `test`; fails if the process ends first. */
    until(test: (out: string) => boolean, what: string): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!test(out)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
        void exit.then(() => {
          if (!waiting.has(check)) return;
          waiting.delete(check);
          reject(new Error(`mol ended before ${what}:\n${out}\n${stderr}`));
        });
      });
    },
  };
}

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return process.platform === 'linux';
  } catch {
    return false;
  }
})();

/** `mol <args>` on a pseudo-terminal (util-linux `script`), so its stdout is a TTY. */
function molOnTty(args: string[]): ChildProcess {
  const quote = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;
  const { FORCE_COLOR: _f, NO_COLOR: _n, ...env } = process.env;
  return spawn('script', ['-qec', [process.execPath, cli.bin, ...args].map(quote).join(' '), '/dev/null'], {
    cwd: repo.dir,
    env: { ...env, MOL_DEBUG: '', TERM: 'xterm' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

describe('mol ls', () => {
  it('lists every molecule with its status, progress, what it waits on and age; filters by status', async () => {
    expect((await run(['pour', review(), '--id', 'r1'])).code).toBe(0);
    expect((await run(['pour', 'hello', '--id', 'h1'])).code).toBe(0);
    expect((await run(['pour', review(), '--id', 'r2'])).code).toBe(0);
    // r2: the draft done and built; its sign-off waits for an approval.
    expect((await run(['done', 'r2', 'draft'])).code).toBe(3);
    expect((await run(['pour', review(), '--id', 'r3'])).code).toBe(0);
    for (const step of ['draft', 'build', 'signoff']) await run(['skip', 'r3', step, '--force']);
    expect((await run(['squash', 'r3'])).code).toBe(0);

    const listed = await run(['ls']);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+FORMULA\s+STATUS\s+PROGRESS\s+WAITING ON\s+AGE$/);
    const rows = Object.fromEntries(lines.slice(1).map((l) => [l.split(/\s+/)[0], l]));
    expect(Object.keys(rows).sort()).toEqual(['h1', 'r1', 'r2', 'r3']);
    expect(rows.r1).toMatch(/^r1\s+review\s+pending\s+0\/3 \(0%\)\s+draft \(human\)\s+\d+(\.\d)?[smhd]$/);
    expect(rows.h1).toMatch(/^h1\s+hello\s+pending\s+0\/4 \(0%\)\s+greet \(ready\)\s+/);
    expect(rows.r2).toMatch(/^r2\s+review\s+in progress\s+2\/3 \(66%\)\s+signoff \(approval\)\s+/);
    expect(rows.r3).toMatch(/^r3\s+review\s+squashed\s+3\/3 \(100%\)\s+\d/);
    // Piped: no symbols, no bar.
    expect(listed.stdout).not.toMatch(/[▓░✅⏳]/);

    const filtered = await run(['ls', '--status', 'pending', '--status', 'squashed']);
    expect(
      filtered.stdout
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((l) => l.split(' ')[0])
        .sort(),
    ).toEqual(['h1', 'r1', 'r3']);
    const none = await run(['ls', '--status', 'failed']);
    expect(none).toMatchObject({ code: 0, stdout: 'no failed molecules\n' });
  });

  it('prints one documented object per molecule with --json', async () => {
    await run(['pour', review(), '--id', 'r1']);
    await run(['done', 'r1', 'draft']);
    const all = json<unknown[]>(await run(['ls', '--json']));
    expect(all).toHaveLength(1);
    const summary = MoleculeLineSchema.parse(all[0]);
    const state = json<{ createdAt: string; updatedAt: string }>(await run(['status', 'r1', '--json']));
    expect(summary).toEqual({
      id: 'r1',
      formula: 'review',
      kind: 'mol',
      status: 'in_progress',
      progress: { done: 2, total: 3 },
      waitingOn: [{ step: 'signoff', why: 'approval', since: expect.any(String) }],
      createdAt: state.createdAt,
      updatedAt: state.updatedAt,
    });
    const picked = await run(['ls', '--status', 'in_progress,pending', '--json=id,progress']);
    expect(json(picked)).toEqual([{ id: 'r1', progress: { done: 2, total: 3 } }]);
  });

  it('refuses a status that is not one, naming the statuses', async () => {
    const bad = await run(['ls', '--status', 'complet']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^mol: --status: no status "complet" \(did you mean "complete"\?\); the statuses are pending, in_progress, paused, complete, failed, squashed, burned\nusage: mol ls /,
    );
    expect(bad.stdout).toBe('');
  });

  it.skipIf(!hasScript)('on a terminal shows the status symbols and the progress bar', async () => {
    await run(['pour', review(), '--id', 'r1']);
    const tty = follow(molOnTty(['ls']));
    expect(await tty.exit).toBe(0);
    expect(tty.out).toMatch(/r1\s+review\s+\S+ \S*pending\S*\s+░{10} 0\/3 \(0%\)\s+draft \(human\)/);
  });
});

describe('mol ready', () => {
  it('lists, across molecules, the steps waiting for a person or ready to run', async () => {
    const empty = await run(['ready']);
    expect(empty).toMatchObject({ code: 0, stdout: expect.stringMatching(/^nothing is ready/) });
    await run(['pour', review(), '--id', 'r1']);
    await run(['pour', 'hello', '--id', 'h1']);
    await run(['pour', review(), '--id', 'r2']);
    await run(['done', 'r2', 'draft']);
    await run(['pour', 'hello', '--id', 'h2']);
    expect((await run(['run', 'h2'])).code).toBe(0);

    const table = await run(['ready']);
    expect(table.code).toBe(0);
    expect(table.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^MOLECULE\s+STEP\s+WHY\s+TITLE\s+NEXT$/),
      expect.stringMatching(/^r1\s+draft\s+human\s+Write the draft\s+mol done r1 draft$/),
      expect.stringMatching(/^h1\s+greet\s+ready\s+Greet world\s+mol run h1$/),
      expect.stringMatching(/^r2\s+signoff\s+approval\s+Sign off\s+mol approve r2 signoff$/),
    ]);

    const rows = json<unknown[]>(await run(['ready', '--json'])).map((r) => ReadyStepSchema.parse(r));
    expect(rows.map((r) => [r.molecule, r.step, r.why])).toEqual([
      ['r1', 'draft', 'human'],
      ['h1', 'greet', 'ready'],
      ['r2', 'signoff', 'approval'],
    ]);
    // What it says to do moves the step on: the approval is given, and r2 leaves the list.
    const next = rows[2]?.next.split(' ').slice(1) ?? [];
    expect((await run(next)).code).toBe(0);
    expect(json<{ molecule: string }[]>(await run(['ready', '--json'])).map((r) => r.molecule)).toEqual([
      'r1',
      'h1',
    ]);
  });
});

describe('mol status --watch', () => {
  it('piped, appends a plain line per change made by other processes, and exits 0 when it completes', async () => {
    await run(['pour', review(), '--id', 'r1']);
    const watch = follow(spawnMol(cli, ['status', 'r1', '--watch'], { cwd: repo.dir }));
    await watch.until((o) => o.includes('\n'), 'the first line');
    expect(watch.out).toBe('r1 · review · pending · 0/3 (0%)\n');

    expect((await run(['done', 'r1', 'draft'])).code).toBe(3);
    await watch.until((o) => o.includes('signoff awaiting gate'), 'the sign-off waits');
    expect((await run(['approve', 'r1', 'signoff'])).code).toBe(0);
    expect(await watch.exit).toBe(0);

    const lines = watch.out.trimEnd().split('\n');
    expect(lines).toContain('r1 · review · in progress · 1/3 (33%) · draft completed, build ready');
    expect(lines.at(-1)).toBe('r1 · review · complete · 3/3 (100%) · signoff completed');
    // One line per change a reader can see: each names the steps that moved (a write that moved
    // none, such as a checkpoint or a lease, adds no line); never a symbol.
    expect(lines.slice(1).every((l) => /^r1 · review · [^·]+ · \d\/3 \(\d+%\) · \S+ /.test(l))).toBe(true);
    expect(watch.out).not.toMatch(/\x1b|[▓░✅]/);
  });

  it('stops at the first line its reader is no longer there for (`| head -1`), exiting 0', async () => {
    await run(['pour', review(), '--id', 'r1']);
    const watch = follow(spawnMol(cli, ['status', 'r1', '--watch'], { cwd: repo.dir }));
    await watch.until((o) => o.includes('\n'), 'the first line');
    // The reader goes away, as `head -1` does after its line; the next change has nobody to read it.
    watch.child.stdout?.destroy();
    expect((await run(['done', 'r1', 'draft'])).code).toBe(3);
    expect(await watch.exit).toBe(0);
    expect(watch.stderr).toBe('');
  });

  it('exits 1 when the molecule fails', async () => {
    await run(['pour', review(), '--id', 'r1']);
    const watch = follow(spawnMol(cli, ['status', 'r1', '--watch'], { cwd: repo.dir }));
    await watch.until((o) => o.includes('\n'), 'the first line');
    // draft is a person's step with the default two retries: the third failure is for good.
    for (let n = 1; n <= 3; n++) await run(['fail', 'r1', 'draft', 'no time']);
    expect(await watch.exit).toBe(1);
    expect(watch.out.trimEnd().split('\n').at(-1)).toBe(
      'r1 · review · failed · 0/3 (0%) · draft failed, build blocked, signoff blocked',
    );
  });

  it('returns at once for a molecule that has ended, and names the one squashed while watched', async () => {
    await run(['pour', 'hello', '--id', 'h1']);
    expect((await run(['run', 'h1'])).code).toBe(0);
    expect(await run(['status', 'h1', '--watch'])).toMatchObject({
      code: 0,
      stdout: 'h1 · hello · complete · 4/4 (100%)\n',
    });

    await run(['pour', review(), '--id', 'r1']);
    const watch = follow(spawnMol(cli, ['status', 'r1', '--watch'], { cwd: repo.dir }));
    await watch.until((o) => o.includes('\n'), 'the first line');
    expect((await run(['squash', 'r1', '--summary', 'not needed'])).code).toBe(0);
    expect(await watch.exit).toBe(0);
    expect(watch.out.trimEnd().split('\n').at(-1)).toBe('r1 was squashed');
  });

  it('refuses --json and --graph with --watch', async () => {
    await run(['pour', review(), '--id', 'r1']);
    const both = await run(['status', 'r1', '--watch', '--json']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^mol: --watch takes neither --json nor --graph\nusage: mol status /);
  });

  it.skipIf(!hasScript)('on a terminal redraws the whole view in place on each change', async () => {
    await run(['pour', review(), '--id', 'r1']);
    const tty = follow(molOnTty(['status', 'r1', '--watch']));
    const redraws = () => tty.out.split('\x1b[H\x1b[J').length - 1;
    await tty.until((o) => o.includes('watching r1'), 'the first view');
    expect(redraws()).toBe(1);
    expect(tty.out).toContain('draft waits for a person: mol done r1 draft');

    expect((await run(['done', 'r1', 'draft'])).code).toBe(3);
    await tty.until((o) => o.includes('signoff waits for approval: mol approve r1 signoff'), 'the approval');
    expect((await run(['approve', 'r1', 'signoff'])).code).toBe(0);
    expect(await tty.exit).toBe(0);

    const last = tty.out.split('\x1b[H\x1b[J').at(-1) ?? '';
    expect(redraws()).toBeGreaterThan(2);
    // The last view: the headline with its bar, every step completed with its symbol, no "watching".
    expect(last).toMatch(/r1.* · review · ✔?.*complete.* · ▓{20} 3\/3 \(100%\)/);
    expect(last.match(/✅ .*completed/g)).toHaveLength(3);
    expect(last).not.toContain('watching');
  });
});
