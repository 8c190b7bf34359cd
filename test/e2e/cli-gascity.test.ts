/**
 * Gas City's loops and formula search path through the real `mol`: a ralph check that fails until
 * the step reacts to its output, retry with soft and hard exhaustion, and `--formulas DIR` for a
 * formula that extends one from another pack directory.
 */
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, useCliRepo } from '../helpers/cli.js';
import { localMolecule } from '../helpers/local-molecule.js';

interface StepJson {
  id: string;
  status: string;
  attempts: number;
  error?: string;
  gates?: Array<{ type: string; passed: boolean | null; detail: string }>;
}
interface MolJson {
  id: string;
  status: string;
  steps: StepJson[];
}
interface StateJson {
  history: Array<{ step?: string; event: string; to?: string; note?: string }>;
}

const GASCITY = resolve('test/fixtures/gascity');
const CORE = join(GASCITY, 'internal/bootstrap/packs/core/formulas');
const POLECAT_WORK = join(GASCITY, 'examples/gastown/packs/gastown/formulas/mol-polecat-work.toml');

const { repo, run } = useCliRepo();

const status = async (id: string) => json<MolJson>(await run(['status', id, '--json']));
const step = (m: MolJson, id: string) => m.steps.find((s) => s.id === id) as StepJson;
const history = async (id: string) => ((await localMolecule(repo.dir, id)) as unknown as StateJson).history;

async function formula(name: string, toml: string): Promise<string> {
  const path = join(repo.root, 'flows', `${name}.formula.toml`);
  await writeFile(path, `formula = "${name}"\n${toml}`);
  return path;
}

describe('ralph', () => {
  it('runs the check in the workspace after the step; a failing check reruns the step, which reads the check output and passes on attempt 2', async () => {
    await repo.write(
      'checks/greeting.sh',
      [
        '#!/bin/sh',
        'if grep -qx hello greeting.txt; then echo "greeting ok"; exit 0; fi',
        'echo "got: $(cat greeting.txt)"',
        'echo "want: greeting.txt says hello" >&2',
        'exit 1',
        '',
      ].join('\n'),
    );
    await chmod(join(repo.dir, 'checks/greeting.sh'), 0o755);
    await repo.commitAll('add the check');
    const file = await formula(
      'ralph-fix',
      `[[steps]]
id = "implement"
run = '''
echo "attempt $MOL_ATTEMPT" >> "$ATTEMPTS_FILE"
case "$MOL_PREVIOUS_FAILURE" in
  *"want: greeting.txt says hello"*) echo hello > greeting.txt ;;
  *) echo hi > greeting.txt ;;
esac
'''
[steps.ralph]
max_attempts = 3
[steps.ralph.check]
mode = "exec"
path = "checks/greeting.sh"
timeout = "30s"

[[steps]]
id = "after"
needs = ["implement"]
run = "cp greeting.txt seen.txt"
`,
    );
    // Outside the repository: each attempt starts from the step's base, so a file in it would not last.
    const attempts = join(repo.root, 'attempts.log');
    const ran = await run(['run', file, '--id', 'r1'], { ATTEMPTS_FILE: attempts });
    expect(ran.stderr).not.toMatch(/unknown key/);
    expect(ran.code).toBe(0);
    const m = await status('r1');
    expect(m.status).toBe('complete');
    const implement = step(m, 'implement');
    expect(implement).toMatchObject({ status: 'completed', attempts: 2 });
    expect(implement.gates).toEqual([expect.objectContaining({ type: 'command', passed: true })]);
    expect(implement.gates?.[0]?.detail).toContain('greeting ok');
    expect(await readFile(attempts, 'utf8')).toBe('attempt 1\nattempt 2\n');
    expect(await readFile(join(repo.dir, 'seen.txt'), 'utf8')).toBe('hello\n');
    // The first attempt's failure holds the check's stdout and stderr.
    const failure = (await history('r1')).find((h) => h.step === 'implement' && h.to === 'failed');
    expect(failure?.note).toContain('got: hi');
    expect(failure?.note).toContain('want: greeting.txt says hello');
  });

  it('fails the step for good once max_attempts runs all fail the check', async () => {
    await repo.write('never.sh', '#!/bin/sh\necho "still not done" >&2\nexit 1\n');
    await chmod(join(repo.dir, 'never.sh'), 0o755);
    await repo.commitAll('add the check');
    const file = await formula(
      'ralph-never',
      `[[steps]]
id = "implement"
run = 'echo try >> "$COUNT_FILE"'
ralph = { max_attempts = 2, check = { mode = "exec", path = "never.sh" } }
`,
    );
    const tries = join(repo.root, 'tries.log');
    const ran = await run(['run', file, '--id', 'r2'], { COUNT_FILE: tries });
    expect(ran.code).toBe(1);
    expect(step(await status('r2'), 'implement')).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await readFile(tries, 'utf8')).toBe('try\ntry\n');
  });
});

describe('retry', () => {
  // Gas City's retry classes (internal/dispatch/retry.go, processRetryEval): only a transient
  // failure is retried (here: the command exits 75, EX_TEMPFAIL); any other is hard.
  const flaky = (onExhausted: string, exit: number) => `[[steps]]
id = "flaky"
run = 'echo run >> "$COUNT_FILE"; echo "provider unavailable" >&2; exit ${exit}'
[steps.retry]
max_attempts = 2
on_exhausted = "${onExhausted}"

[[steps]]
id = "after"
needs = ["flaky"]
run = "echo after > after.txt"
`;

  it('soft_fail: two transient runs (exit 75), then the step is closed as passed, its dependent runs, and the molecule completes with exit 0', async () => {
    const count = join(repo.root, 'count.log');
    const ran = await run(['run', await formula('soft', flaky('soft_fail', 75)), '--id', 's1'], {
      COUNT_FILE: count,
    });
    expect(ran.code).toBe(0);
    const m = await status('s1');
    expect(m.status).toBe('complete');
    expect(step(m, 'flaky')).toMatchObject({ status: 'completed', attempts: 2 });
    expect(step(m, 'after').status).toBe('completed');
    expect(await readFile(count, 'utf8')).toBe('run\nrun\n');
    expect(await readFile(join(repo.dir, 'after.txt'), 'utf8')).toBe('after\n');
    const notes = (await history('s1')).map((h) => h.note ?? '');
    expect(notes.some((n) => n.includes('soft-failed after 2 attempts with transient failures'))).toBe(true);
  });

  it('hard_fail: two transient runs, then the step fails for good, its dependent is blocked, and the molecule fails with exit 1', async () => {
    const count = join(repo.root, 'count.log');
    const ran = await run(['run', await formula('hard', flaky('hard_fail', 75)), '--id', 'h1'], {
      COUNT_FILE: count,
    });
    expect(ran.code).toBe(1);
    const m = await status('h1');
    expect(m.status).toBe('failed');
    expect(step(m, 'flaky')).toMatchObject({ status: 'failed', attempts: 2 });
    expect(step(m, 'after').status).toBe('blocked');
    expect(await readFile(count, 'utf8')).toBe('run\nrun\n');
  });

  it('an unclassed failure (exit 1) is hard: one run, no retry, and soft_fail does not apply', async () => {
    const count = join(repo.root, 'count.log');
    const ran = await run(['run', await formula('unclassed', flaky('soft_fail', 1)), '--id', 'u1'], {
      COUNT_FILE: count,
    });
    expect(ran.code).toBe(1);
    const m = await status('u1');
    expect(m.status).toBe('failed');
    expect(step(m, 'flaky')).toMatchObject({ status: 'failed', attempts: 1 });
    expect(step(m, 'after').status).toBe('blocked');
    expect(await readFile(count, 'utf8')).toBe('run\n');
    const notes = (await history('u1')).map((h) => h.note ?? '');
    expect(
      notes.some((n) => n.includes('[steps.retry] retries only transient failures (exit status 75)')),
    ).toBe(true);
  });
});

describe('--formulas', () => {
  it('finds a parent formula in another pack directory', async () => {
    const alone = await run(['cook', POLECAT_WORK]);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(/extends names "mol-polecat-base", but no formula by that name is known/);
    expect(alone.stderr).not.toMatch(/\n\s+at /);

    const cooked = await run(['cook', POLECAT_WORK, '--formulas', CORE, '--json']);
    expect(cooked.stderr).toBe('');
    expect(cooked.code).toBe(0);
    const proto = JSON.parse(cooked.stdout) as { steps: { id: string }[] };
    expect(proto.steps.map((s) => s.id)).toEqual([
      'load-context',
      'workspace-setup',
      'preflight-tests',
      'implement',
      'self-review',
      'submit-and-exit',
    ]);
  });

  it('pours with the search path and pins the parent, so the molecule re-cooks without it', async () => {
    const poured = await run(['pour', POLECAT_WORK, '--formulas', CORE, '--var', 'issue=gc-1', '--id', 'p1']);
    expect(poured.stderr).toBe('');
    expect(poured.code).toBe(0);
    expect(step(await status('p1'), 'load-context').status).toBe('ready');
  });

  it('refuses a search path that is not a folder, with the usage line', async () => {
    const refused = await run(['cook', POLECAT_WORK, '--formulas', join(repo.root, 'nowhere')]);
    expect(refused.code).toBe(2);
    const [reason, usage] = refused.stderr.trimEnd().split('\n');
    expect(reason).toMatch(/--formulas takes a folder of formulas; .*nowhere is not one/);
    expect(usage).toMatch(/^usage: mol cook /);
  });

  it('cooks Gas City formulas with ralph, retry and metadata without warnings', async () => {
    for (const file of [
      join(CORE, 'mol-scoped-work.toml'),
      join(GASCITY, 'cmd/gc/testdata/formulas/ralph-retry-demo.toml'),
    ]) {
      const cooked = await run(['cook', file, '--json']);
      expect(cooked.code).toBe(0);
      expect(cooked.stderr).toBe('');
    }
  });
});
