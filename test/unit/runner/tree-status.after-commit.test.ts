/**
 * The tree a local step leaves, told without asking git (tree-status.ts `afterCommit`): whenever
 * the step's commit says it took exactly the listed paths, the status derived from the one read
 * before the commit must be the status git reads after it — whatever a person had changed before
 * the step (modified, staged, untracked, deleted) and whatever the step then did, to those paths too.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitStep } from '../../../src/runner/commit-step.js';
import { afterCommit, type TreeStatus, treeStatus } from '../../../src/runner/tree-status.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const FILES = ['a.txt', 'b.txt', 'c.txt', 'dir/d.txt', 'new1.txt', 'dir/new2.txt'];
const TRACKED = new Set(['a.txt', 'b.txt', 'c.txt', 'dir/d.txt']);
type Op = 'none' | 'write' | 'delete' | 'stage';

let repo: TempRepo;
let base: string;
beforeAll(async () => {
  repo = await makeTempRepo();
  for (const file of TRACKED) await repo.write(file, `${file}\n`);
  base = await repo.commitAll('files');
});
afterAll(() => repo.cleanup());

const must = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

async function apply(ops: Op[], tag: string): Promise<void> {
  for (const [i, op] of ops.entries()) {
    const file = FILES[i] as string;
    if (op === 'write' || op === 'stage') await repo.write(file, `${file} ${tag}\n`);
    if (op === 'stage') await repo.git(['add', '--', file]);
    if (op === 'delete') await rm(join(repo.dir, file), { force: true });
  }
}

const sorted = (status: TreeStatus | undefined) =>
  status === undefined
    ? undefined
    : {
        head: status.head,
        branch: status.branch,
        changed: [...status.changed].sort(),
        untracked: [...status.untracked].sort(),
        intricate: [...status.intricate].sort(),
      };

describe('afterCommit', () => {
  it('is the status git reads after every commit that took exactly the listed paths', async () => {
    const op = fc.constantFrom<Op>('none', 'write', 'delete', 'stage');
    let told = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: FILES.length, maxLength: FILES.length }),
        fc.array(op, { minLength: FILES.length, maxLength: FILES.length }),
        async (person, step) => {
          await repo.git(['reset', '-q', '--hard', base]);
          await repo.git(['clean', '-q', '-fdx']);
          await apply(person, 'person');
          const before = must(await treeStatus(repo.dir));
          if (before === undefined) throw new Error('no status');
          await apply(step, 'step');
          const status = must(await treeStatus(repo.dir));
          if (status === undefined) throw new Error('no status');
          const made = must(
            await commitStep({
              cwd: repo.dir,
              molId: 'm',
              stepId: 's',
              message: 's',
              baseCommit: base,
              exclude: before.changed,
              status,
            }),
          );
          if (made.took !== 'listed') return;
          told += 1;
          expect(sorted(afterCommit(status, made.commit, before.changed))).toEqual(
            sorted(must(await treeStatus(repo.dir))),
          );
        },
      ),
      { numRuns: RUNS },
    );
    // The property says something only if commits took the listed paths often enough.
    expect(told).toBeGreaterThan(RUNS / 4);
  }, 120_000);
});
