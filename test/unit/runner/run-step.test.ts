import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProtoStep } from '../../../src/engine/cook/proto.js';
import { pathExists } from '../../../src/runner/path-exists.js';
import { type RunStepOptions, runStep } from '../../../src/runner/run-step.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';

let repo: TempRepo;
beforeEach(async () => {
  repo = await makeTempRepo();
});
afterEach(() => repo.cleanup());

const now = () => new Date('2026-03-01T12:00:00.000Z');
const step = (id: string, fields: Partial<ProtoStep> = {}): ProtoStep => ({
  id,
  title: `Step ${id}`,
  description: '',
  needs: [],
  type: 'task',
  gates: [],
  trigger: 'all_success',
  ...fields,
});
const options = (s: ProtoStep, extra: Partial<RunStepOptions> = {}): RunStepOptions => ({
  repoDir: repo.dir,
  molId: 'm1',
  step: s,
  execution: 'distributed',
  baseBranches: [],
  baseRef: 'main',
  worktreeRoot: join(repo.root, 'worktrees'),
  vars: {},
  inputs: [],
  now,
  ...extra,
});

describe('runStep', () => {
  it('distributed chain: runs, commits, pushes, checks gates, and the next step builds on it', async () => {
    const design = step('design', {
      run: 'mkdir -p docs && printf "%s\\n" "$MOL_VAR_FEATURE" > docs/design.md',
      output: 'docs/design.md',
      gates: [
        { type: 'files', paths: ['docs/design.md'] },
        { type: 'command', run: 'grep -q login docs/design.md' },
      ],
    });
    const first = await runStep(options(design, { vars: { feature: 'login page' }, remote: 'origin' }));
    expect(first.error).toBeUndefined();
    expect(first.status).toBe('completed');
    expect(first.branch).toBe('molecular/m1/design');
    expect(first.gates.map((g) => g.passed)).toEqual([true, true]);
    expect(first.checkpoint).toMatchObject({
      filesModified: ['docs/design.md'],
      testsPassed: true,
      capturedAt: now().toISOString(),
    });
    expect(first.checkpoint?.commit).toBe(
      await repo.git(['rev-parse', 'refs/heads/molecular/m1/design'], repo.remote),
    );
    // The worktree is gone; the work lives on the branch.
    expect(await pathExists(first.workspace ?? '')).toBe(false);

    const build = step('build', {
      needs: ['design'],
      run: 'cat "$MOL_INPUTS" > built.txt; echo "$MOL_STEP@$MOL_MOLECULE" >> built.txt',
    });
    const second = await runStep(
      options(build, { baseBranches: ['molecular/m1/design'], inputs: ['docs/design.md'], remote: 'origin' }),
    );
    expect(second.status).toBe('completed');
    expect(second.checkpoint?.filesModified).toEqual(['built.txt']);
    expect(await repo.git(['show', 'molecular/m1/build:built.txt'])).toBe('login page\nbuild@m1');
  });

  it('a failing command fails the step with its output tail, commits nothing and keeps the worktree to look at', async () => {
    const result = await runStep(
      options(step('s1', { run: 'echo half > half.txt; echo "boom" >&2; exit 2' })),
    );
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('step-command-failed');
    expect(result.checkpoint?.testsPassed).toBe(false);
    expect(result.checkpoint?.outputTail).toContain('boom');
    expect(result.checkpoint?.commit).toBeUndefined();
    expect(await repo.git(['rev-parse', 'molecular/m1/s1'])).toBe(await repo.git(['rev-parse', 'main']));
    expect(await readFile(join(result.workspace ?? '', 'half.txt'), 'utf8')).toBe('half\n');
  });

  it('the step timeout fails it with `step-timeout`', async () => {
    const result = await runStep(options(step('slow', { run: 'sleep 20', timeout: '300ms' })));
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('step-timeout');
    expect(result.command?.timedOut).toBe(true);
  });

  it('a failed gate fails the step but keeps its commit on the branch', async () => {
    const result = await runStep(
      options(step('s1', { run: 'echo x > x.txt', gates: [{ type: 'files', paths: ['y.txt'] }] })),
    );
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('gate-failed');
    expect(result.error?.message).toContain('missing: y.txt');
    expect(result.checkpoint?.commit).toBe(await repo.git(['rev-parse', 'molecular/m1/s1']));
  });

  it('gates a face must decide leave the step awaiting them', async () => {
    const result = await runStep(
      options(
        step('s1', {
          run: 'true',
          gates: [
            { type: 'command', run: 'true' },
            { type: 'approval', permission: 'write' },
          ],
        }),
      ),
    );
    expect(result.status).toBe('awaiting');
    expect(result.waitingFor).toBe('gates');
    expect(result.gates.map((g) => g.passed)).toEqual([true, null]);
  });

  it('a step without `run` needs a person: nothing runs, no worktree, no branch', async () => {
    const result = await runStep(options(step('review', { type: 'human' })));
    expect(result).toEqual({ status: 'awaiting', waitingFor: 'person', gates: [] });
    expect(await repo.git(['branch', '--list', 'molecular/*'])).toBe('');
  });

  it('local execution runs in the working tree and commits on its branch', async () => {
    const result = await runStep(
      options(step('s1', { run: 'echo local > local.txt' }), { execution: 'local' }),
    );
    expect(result.status).toBe('completed');
    expect(result.branch).toBe('main');
    expect(result.workspace).toBe(repo.dir);
    expect(await repo.git(['show', 'main:local.txt'])).toBe('local');
  });

  it('a merge conflict fails the step before anything runs', async () => {
    await repo.write('f.txt', 'base\n');
    await repo.commitAll('f');
    await runStep(options(step('a', { run: 'echo a > f.txt' })));
    await runStep(options(step('b', { run: 'echo b > f.txt' })));
    const marker = join(repo.root, 'ran');
    const result = await runStep(
      options(step('join', { run: `touch ${marker}` }), {
        baseBranches: ['molecular/m1/a', 'molecular/m1/b'],
      }),
    );
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('merge-conflict');
    expect(result.error?.message).toContain('f.txt');
    expect(await pathExists(marker)).toBe(false);
  });
});
