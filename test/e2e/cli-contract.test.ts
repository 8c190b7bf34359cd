/**
 * The CLI contract other checks rely on: `--json` shapes, exit codes (0 complete, 1 failed, 3
 * waiting on a person), and bad input answered with one line on stderr, exit 1, no stack trace and
 * no change to the state. Local molecules here: their steps commit to the repository's branch.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { json, type MolResult, mol, useCliRepo } from '../helpers/cli.js';
import { localStateText } from '../helpers/local-molecule.js';

interface StepJson {
  id: string;
  title: string;
  status: string;
  attempts: number;
  checkpoint?: { commit?: string; notes: string; filesModified: string[] };
  gates?: Array<{ type: string; passed: boolean | null }>;
}
interface MolJson {
  id: string;
  status: string;
  steps: StepJson[];
  archived?: boolean;
}

const { cli, repo, run } = useCliRepo();

const status = async (id: string) => json<MolJson>(await run(['status', id, '--json']));
const step = (m: MolJson, id: string) => m.steps.find((s) => s.id === id) as StepJson;
const stateFile = (id: string) => localStateText(repo.dir, id);

async function formula(name: string, toml: string): Promise<string> {
  const path = join(repo.flows, `${name}.formula.toml`);
  await writeFile(path, `formula = "${name}"\n${toml}`);
  return path;
}

/** A refusal: exit 1, exactly one line on stderr that says `what`, nothing that looks like a stack. */
function expectOneLineError(result: MolResult, what: RegExp): void {
  expect(result.code).toBe(1);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(what);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

/** A usage error: exit 2, the reason on the first line, the usage line after it. */
function expectUsageError(result: MolResult, what: RegExp): void {
  expect(result.code).toBe(2);
  const [reason, usage, ...rest] = result.stderr.trimEnd().split('\n');
  expect(reason).toMatch(what);
  expect(usage).toMatch(/^usage: mol /);
  expect(rest).toEqual([]);
}

const REVIEWED = `
[[steps]]
id = "build"
run = "echo built > built.txt"
[[steps]]
id = "review"
type = "human"
needs = ["build"]
[[steps]]
id = "ship"
needs = ["review"]
run = "echo shipped > shipped.txt"
`;

describe('mol --json shapes', () => {
  it('pour --json prints the molecule; list --json lists it; status --json of a finished one has every step', async () => {
    const poured = await run(['pour', 'hello', '--var', 'name=ada', '--json']);
    expect(poured.code).toBe(0);
    const m = json<MolJson>(poured);
    expect(m.id).toMatch(/^hello-[0-9a-f]{6}$/);
    expect(m.steps.map((s) => [s.id, s.status])).toEqual([
      ['greet', 'ready'],
      ['count', 'pending'],
      ['shout', 'pending'],
      ['join', 'pending'],
    ]);
    expect(step(m, 'greet').title).toBe('Greet ada');
    const listed = json<MolJson[]>(await run(['list', '--json']));
    expect(listed.map((l) => l.id)).toEqual([m.id]);

    const ran = await run(['run', m.id]);
    expect(ran.code).toBe(0);
    const done = await status(m.id);
    expect(done.status).toBe('complete');
    for (const s of done.steps) {
      expect(s.status).toBe('completed');
      expect(s.checkpoint?.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(s.title).not.toBe('');
    }
    expect(done.steps.map((s) => s.attempts)).toEqual([1, 1, 2, 1]);
    // Local steps commit to the branch they were poured on, one commit per step.
    expect(await repo.git(['rev-parse', 'main'])).toBe(step(done, 'join').checkpoint?.commit);
    expect(await readFile(join(repo.dir, 'summary.txt'), 'utf8')).toBe(
      'Hello, ada!\nwords: 2\nHELLO, ADA!\n',
    );
  });

  it('status with no id shows the most recently changed active molecule', async () => {
    const first = (await run(['pour', 'hello'])).stdout.trim();
    const second = (await run(['pour', 'hello'])).stdout.trim();
    expect(first).not.toBe(second);
    expect((await run(['done', first, 'greet', '--no-run'])).code).toBe(3);
    expect(json<MolJson>(await run(['status', '--json'])).id).toBe(first);
    expect((await run(['status'])).stdout).toMatch(new RegExp(`^${first} · hello · in progress`));
  });
});

describe('mol exit codes', () => {
  it('0 complete, 1 failed, 3 waiting; mol done records the step and runs what became ready', async () => {
    const failing = await formula(
      'failing',
      '[[steps]]\nid = "only"\nmax_retries = 0\nrun = "echo broken >&2; exit 3"\n',
    );
    const failed = await run(['run', failing, '--id', 'f1']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      /^only failed for good after 1 attempt: the command exited with 3: broken/m,
    );
    expect((await status('f1')).status).toBe('failed');

    const waits = await run(['run', await formula('reviewed', REVIEWED), '--id', 'w1']);
    expect(waits.code).toBe(3);
    expect(waits.stdout).toMatch(/review waits for a person: mol done w1 review/);
    expect(step(await status('w1'), 'review').status).toBe('ready');

    const done = await run(['done', 'w1', 'review', 'looks', 'good']);
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/review: ready → completed/);
    expect(done.stderr).toMatch(/^ship completed/m);
    const m = await status('w1');
    expect(m.status).toBe('complete');
    expect(step(m, 'review').checkpoint?.notes).toBe('looks good');
    expect((await run(['resume', 'w1'])).code).toBe(0);
  });

  it('an approval gate waits (3) until mol approve, which completes the molecule (0)', async () => {
    const file = await formula(
      'approved',
      '[[steps]]\nid = "deploy"\nrun = "echo v1 > deployed.txt"\ngate = { type = "approval", permission = "maintain" }\n',
    );
    const ran = await run(['run', file, '--id', 'a1']);
    expect(ran.code).toBe(3);
    expect(ran.stdout).toMatch(/deploy waits for approval: mol approve a1 deploy/);
    expect(step(await status('a1'), 'deploy').status).toBe('awaiting_gate');
    const approved = await run(['approve', 'a1', 'deploy']);
    expect(approved.code).toBe(0);
    const m = await status('a1');
    expect(m.status).toBe('complete');
    expect(step(m, 'deploy').gates).toEqual([expect.objectContaining({ type: 'approval', passed: true })]);
  });

  it("mol done checks the step's gates: a failing one sends it back, a passing one completes it", async () => {
    const file = await formula(
      'noted',
      '[[steps]]\nid = "write"\ntype = "human"\ngate = { type = "files", paths = ["notes.md"] }\n[[steps]]\nid = "read"\nneeds = ["write"]\nrun = "grep -q ready notes.md"\n',
    );
    expect((await run(['run', file, '--id', 'n1'])).code).toBe(3);
    const early = await run(['done', 'n1', 'write']);
    expect(early.code).toBe(3);
    expect(early.stdout).toMatch(/^write: still ready/);
    expect(early.stderr).toMatch(/files gate failed — missing: notes.md/);
    expect(step(await status('n1'), 'write')).toMatchObject({ status: 'ready', attempts: 1 });
    await writeFile(join(repo.dir, 'notes.md'), 'ready\n');
    const done = await run(['done', 'n1', 'write']);
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/^write: ready → completed/);
    expect(done.stderr).toMatch(/^read completed/m);
  });

  it('mol fail, retry and skip move steps as the engine says', async () => {
    await run(['run', await formula('reviewed', REVIEWED), '--id', 'w2']);
    const failed = await run(['fail', 'w2', 'review', 'not', 'ready']);
    // A person's failure still has retries: the step is ready for them again.
    expect(failed.code).toBe(3);
    expect(step(await status('w2'), 'review')).toMatchObject({ status: 'ready', attempts: 1 });
    const skipped = await run(['skip', 'w2', 'review', 'no', 'reviewer', 'today']);
    expect(skipped.code).toBe(0);
    expect((await status('w2')).steps.map((s) => s.status)).toEqual(['completed', 'skipped', 'completed']);
  });

  it('mol fail of a ready step nobody started starts it, then fails it, in one write (as /mol fail does)', async () => {
    expect((await run(['pour', await formula('reviewed', REVIEWED), '--id', 'w3'])).code).toBe(0);
    expect(step(await status('w3'), 'build').status).toBe('ready');
    const before = JSON.parse(await stateFile('w3')) as { rev: number };
    const failed = await mol(cli, ['fail', 'w3', 'build', 'no', 'disk', '--no-run'], {
      cwd: repo.dir,
      env: { USER: 'ann' },
    });
    expect(failed.code).toBe(3);
    expect(failed.stdout).toMatch(/^build: still ready/);
    const after = JSON.parse(await stateFile('w3')) as {
      rev: number;
      steps: Array<{ id: string; error?: string; attempts: number }>;
      history: Array<{ event: string; step?: string; by?: string; note?: string }>;
    };
    expect(after.rev).toBe(before.rev + 1);
    expect(after.steps.find((s) => s.id === 'build')).toMatchObject({ error: 'no disk', attempts: 1 });
    const byAnn = after.history.filter((h) => h.step === 'build' && h.by === 'local:ann');
    expect(byAnn.map((h) => [h.event, h.note])).toEqual([
      ['start', undefined],
      ['fail', 'no disk'],
    ]);
  });
});

describe('mol bad input', () => {
  it('refuses unknown formulas, missing vars, unknown molecules and unknown steps in one line, changing nothing', async () => {
    expectOneLineError(await run(['run', 'no-such-formula']), /^mol: no formula named "no-such-formula"/);
    const needy = await formula(
      'needy',
      '[vars.target]\nrequired = true\ndescription = "where"\n[[steps]]\nid = "a"\nrun = "true"\n',
    );
    expectOneLineError(await run(['pour', needy]), /variable "target" \(where\) is required/);
    expectOneLineError(await run(['status', 'nope']), /^mol: there is no molecule "nope"/);
    expect(json<MolJson[]>(await run(['list', '--json']))).toEqual([]);

    const id = 'bad1';
    expect((await run(['run', await formula('reviewed', REVIEWED), '--id', id])).code).toBe(3);
    const before = await stateFile(id);
    expectOneLineError(
      await run(['done', id, 'nope']),
      /has no step "nope"; its steps are build, review, ship/,
    );
    expectOneLineError(await run(['done', id, 'ship']), /step "ship" is pending; it cannot be completed/);
    expectOneLineError(await run(['approve', id, 'review']), /step "review" has no approval gate/);
    expectOneLineError(await run(['rollback', id, 'review']), /only a completed step has a checkpoint/);
    expectOneLineError(await run(['diff', id, 'review']), /review" is ready and recorded no commit yet/);
    expectOneLineError(await run(['retry', id, 'build']), /step "build" is completed; it cannot be retried/);
    expectUsageError(await run(['run', id, '--jobs', 'many']), /--jobs takes a whole number/);
    expectUsageError(await run(['run', id, '--var', 'x=1']), /is a molecule already poured/);
    expect(await stateFile(id)).toBe(before);
  });

  it('refuses to work outside a git repository', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'mol-nogit-'));
    try {
      expectOneLineError(await mol(cli, ['list'], { cwd: outside }), /is not inside a git repository/);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});

describe('mol lifecycle verbs', () => {
  it('squash archives a finished molecule; list --all still shows it', async () => {
    expect((await run(['run', 'hello', '--id', 'h1'])).code).toBe(0);
    const squashed = await run(['squash', 'h1']);
    expect(squashed.code).toBe(0);
    expect(squashed.stdout).toMatch(/^squashed h1: /);
    expect(json<MolJson[]>(await run(['list', '--json']))).toEqual([]);
    const all = json<MolJson[]>(await run(['list', '--all', '--json']));
    expect(all).toEqual([expect.objectContaining({ id: 'h1', status: 'squashed', archived: true })]);
    expectOneLineError(await run(['status', 'h1']), /it was squashed/);
  });

  it('burn refuses a molecule in progress unless forced, then forgets it', async () => {
    await run(['run', await formula('reviewed', REVIEWED), '--id', 'b1']);
    expectOneLineError(await run(['burn', 'b1']), /still in progress; give --force/);
    expect((await status('b1')).status).toBe('in_progress');
    expect((await run(['burn', 'b1', '--force'])).code).toBe(0);
    expectOneLineError(await run(['status', 'b1']), /there is no molecule "b1"/);
  });

  it('rolls a local molecule back: the branch returns to the checkpoint and the rest reruns', async () => {
    expect((await run(['run', 'hello', '--id', 'h2'])).code).toBe(0);
    const greet = step(await status('h2'), 'greet').checkpoint?.commit;
    // count's commit comes before shout's on the branch, but shout does not depend on count.
    expectOneLineError(await run(['rollback', 'h2', 'count']), /would also undo shout/);
    expect(await repo.git(['rev-parse', 'main'])).toBe(step(await status('h2'), 'join').checkpoint?.commit);

    const back = await run(['rollback', 'h2', 'greet']);
    expect(back.code).toBe(0);
    expect(back.stdout).toMatch(/to run again: count, shout, join/);
    expect(await repo.git(['rev-parse', 'main'])).toBe(greet);
    await expect(readFile(join(repo.dir, 'summary.txt'), 'utf8')).rejects.toThrow();
    expect((await status('h2')).steps.map((s) => s.status)).toEqual([
      'completed',
      'ready',
      'ready',
      'pending',
    ]);

    // The rolled-back steps get their retries back: shout's flaky first try is retried again.
    const resumed = await run(['resume', 'h2']);
    expect(resumed.code).toBe(0);
    expect(step(await status('h2'), 'shout').attempts).toBe(2);
    expect(await readFile(join(repo.dir, 'summary.txt'), 'utf8')).toMatch(/^Hello, world!/);
  });

  it('a wisp evaporates once its TTL passes (mol gc)', async () => {
    const id = (await run(['wisp', 'hello', '--ttl', '1ms'])).stdout.trim();
    expect(json<MolJson[]>(await run(['list', '--json'])).map((m) => m.id)).toEqual([id]);
    await new Promise((r) => setTimeout(r, 20));
    const gc = json<{ evaporated: string[] }>(await run(['gc', '--json']));
    expect(gc.evaporated).toEqual([id]);
    expect(json<MolJson[]>(await run(['list', '--all', '--json']))).toEqual([]);
  });

  it('re-cooks a molecule from its pinned formula even after the file changed', async () => {
    const file = await formula(
      'pinned',
      '[[steps]]\nid = "a"\nrun = "echo a > a.txt"\n[[steps]]\nid = "b"\nneeds = ["a"]\ntype = "human"\n',
    );
    const id = (await run(['pour', file])).stdout.trim();
    await writeFile(file, 'formula = "pinned"\n[[steps]]\nid = "other"\nrun = "true"\n');
    expect((await run(['run', id])).code).toBe(3);
    expect((await status(id)).steps.map((s) => [s.id, s.status])).toEqual([
      ['a', 'completed'],
      ['b', 'ready'],
    ]);
    await execFileAsync('rm', [file]);
    expect((await run(['done', id, 'b'])).code).toBe(0);
  });
  it('pins the formulas it extends and its overlays too', async () => {
    await formula('parent', '[[steps]]\nid = "a"\nrun = "echo parent > a.txt"\n');
    const child = await formula(
      'child',
      'extends = ["parent"]\n[[steps]]\nid = "b"\nneeds = ["a"]\nrun = "cp a.txt b.txt"\n',
    );
    const overlay = join(repo.flows, 'loud.toml');
    await writeFile(
      overlay,
      '[[step-overrides]]\nstep_id = "b"\nrun = "cp a.txt b.txt && echo overlaid >> b.txt"\n',
    );
    const poured = json<MolJson & { formula: { pins?: Record<string, unknown>; overlays?: unknown[] } }>(
      await run(['pour', child, '--overlay', overlay, '--id', 'p1', '--json']),
    );
    expect(Object.keys(poured.formula.pins ?? {})).toEqual(['parent']);
    expect(poured.formula.overlays).toHaveLength(1);
    // Editing every file after the pour changes nothing for the molecule.
    await formula('parent', '[[steps]]\nid = "a"\nrun = "echo edited > a.txt"\n');
    await writeFile(overlay, '[[step-overrides]]\nstep_id = "b"\nrun = "exit 1"\n');
    expect((await run(['run', 'p1'])).code).toBe(0);
    expect(await readFile(join(repo.dir, 'b.txt'), 'utf8')).toBe('parent\noverlaid\n');
  });
});

const execFileAsync = promisify(execFile);
