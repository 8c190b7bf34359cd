import { readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { removeMoleculeWork } from '../../local/local-effects.js';
import { liveIdOf } from '../../local/store/store-layout.js';
import { git } from '../../runner/git.js';
import { listLeftoverWorktrees, removeWorktree } from '../../runner/index.js';
import { changeMolecule } from '../../shell/change-molecule.js';
import { worktreeNeeded } from '../finished-worktrees.js';
import { EXIT } from '../io.js';
import { loadProto } from '../load-molecule.js';
import { json, STORE } from '../options.js';
import { printJson } from '../print-json.js';
import { contextFor, failWith } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';

export const gc = defineVerb({
  name: 'gc',
  summary: 'remove expired wisps, leftover worktrees and branches of gone molecules',
  args: [],
  options: [json('what was removed'), STORE],
  examples: ['mol gc'],
  run: gcCommand,
});

/**
 * Cleans up: wisps whose TTL passed evaporate, worktrees no step needs any more are removed, and
 * `molecular/<id>/*` branches and worktree folders of molecules that are gone are deleted.
 *
 * A molecule whose state file is there but cannot be read (corrupt, or written by a newer mol) is
 * not gone: its branches and worktrees may hold the only copy of its work, so they are kept, and
 * gc says which and why.
 */
async function gcCommand({ io, values }: VerbCall): Promise<number> {
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const { store, repoDir, worktreeRoot } = ctx.value;
  const scanned = await store.scan();
  if (!scanned.ok) return failWith(io, scanned.error);
  const now = io.now();
  const live = new Map(scanned.value.molecules.map((m) => [m.id, m]));
  const unreadable = new Map<string, string>();
  for (const problem of scanned.value.problems) {
    const id = problem.file === undefined ? undefined : liveIdOf(basename(problem.file));
    if (id === undefined) {
      // A problem gc cannot pin on one molecule: deleting anything "gone" could delete its work.
      return failWith(io, {
        ...problem,
        message: `${problem.message} (gc deleted nothing: it cannot tell which molecule that is)`,
      });
    }
    unreadable.set(id, problem.message);
  }
  const done = {
    evaporated: [] as string[],
    worktrees: [] as string[],
    branches: [] as string[],
    kept: [...unreadable].map(([id, reason]) => ({ id, reason })),
  };
  for (const mol of scanned.value.molecules) {
    if (mol.kind !== 'wisp' || mol.expiresAt === undefined || Date.parse(mol.expiresAt) > now.getTime())
      continue;
    const proto = await loadProto(repoDir, mol);
    if (!proto.ok) {
      io.err(`mol: ${proto.error.message}`);
      continue;
    }
    const gone = await changeMolecule(
      ctx.value.store,
      proto.value,
      mol.id,
      { type: 'evaporate' },
      ctx.value.io.now(),
    );
    if (!gone.ok) continue;
    live.delete(mol.id);
    done.evaporated.push(mol.id);
  }

  const trees = await listLeftoverWorktrees({ repoDir, worktreeRoot });
  if (!trees.ok) return failWith(io, trees.error);
  for (const tree of trees.value) {
    if (unreadable.has(tree.molId)) continue;
    const status = live.get(tree.molId)?.steps.find((s) => s.id === tree.stepId)?.status;
    if (status !== undefined && worktreeNeeded(status)) continue;
    const removed = await removeWorktree({ repoDir, path: tree.path });
    if (removed.ok) done.worktrees.push(tree.path);
    else io.err(`mol: ${removed.error.message}`);
  }

  const refs = await git(repoDir, ['for-each-ref', '--format=%(refname:short)', 'refs/heads/molecular/']);
  const owners = new Set(
    refs.ok
      ? refs.value.stdout
          .split('\n')
          .filter(Boolean)
          .map((b) => b.split('/')[1] ?? '')
      : [],
  );
  let folders: string[] = [];
  try {
    folders = await readdir(worktreeRoot);
  } catch {
    folders = [];
  }
  for (const molId of new Set([...owners, ...folders])) {
    if (molId === '' || live.has(molId)) continue;
    if (unreadable.has(molId)) continue;
    const before = refs.ok
      ? refs.value.stdout.split('\n').filter((b) => b.startsWith(`molecular/${molId}/`))
      : [];
    const removed = await removeMoleculeWork(ctx.value, molId);
    if (!removed.ok) {
      io.err(`mol: ${removed.error.message}`);
      continue;
    }
    done.branches.push(...before);
    await rm(join(worktreeRoot, molId), { recursive: true, force: true });
  }
  await git(repoDir, ['worktree', 'prune']);

  if (values.json) return printJson(io, values.json, done);
  const parts = [
    `${done.evaporated.length} wisp${done.evaporated.length === 1 ? '' : 's'} evaporated`,
    `${done.worktrees.length} worktree${done.worktrees.length === 1 ? '' : 's'} removed`,
    `${done.branches.length} branch${done.branches.length === 1 ? '' : 'es'} of gone molecules deleted`,
  ];
  if (done.kept.length > 0)
    parts.push(`${done.kept.length} unreadable molecule${done.kept.length === 1 ? '' : 's'} kept`);
  io.out(`gc: ${parts.join(', ')}`);
  for (const id of done.evaporated) io.out(`  evaporated ${id}`);
  for (const path of done.worktrees) io.out(`  removed ${path}`);
  for (const branch of done.branches) io.out(`  deleted ${branch}`);
  for (const { id, reason } of done.kept) io.out(`  kept ${id} (its branches and worktrees too): ${reason}`);

  return EXIT.ok;
}
