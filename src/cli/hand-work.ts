/**
 * What `mol done` records for a task step someone (or an agent run by hand) did: everything left
 * uncommitted in the step's workspace becomes a commit, and the checkpoint lists the files of every
 * commit since the step's base, whoever made them. The workspace is the step's worktree when a
 * distributed step has one, else the working tree (a local formula's steps share it).
 */
import { join } from 'node:path';
import type { Molecule, Proto, ProtoStep } from '../engine/index.js';
import { commitStep } from '../runner/commit-step.js';
import { git, resolveCommit } from '../runner/git.js';
import { pathExists } from '../runner/path-exists.js';
import { baseBranchesOf } from '../shell/step/step-inputs.js';
import type { CliContext } from './cli-context.js';

export interface HandWork {
  commit?: string;
  filesModified: string[];
}

export async function handWork(
  ctx: CliContext,
  proto: Proto,
  mol: Molecule,
  def: ProtoStep,
): Promise<HandWork> {
  const worktree = join(ctx.worktreeRoot, mol.id, def.id);
  const cwd =
    mol.execution === 'distributed' ? ((await pathExists(worktree)) ? worktree : undefined) : ctx.repoDir;
  // A distributed step without a worktree was done somewhere Molecular cannot see.
  if (cwd === undefined || def.type !== 'task') {
    const commit = mol.execution === 'local' ? await resolveCommit(ctx.repoDir, 'HEAD') : undefined;
    return { ...(commit === undefined ? {} : { commit }), filesModified: [] };
  }
  const committed = await commitStep({
    cwd,
    molId: mol.id,
    stepId: def.id,
    message: `${def.title || def.id} (${mol.id})`,
  });
  if (!committed.ok) return { filesModified: [] };
  const { commit } = committed.value;
  const bases = await stepBases(cwd, proto, mol, def, commit);
  const log = await git(cwd, [
    'log',
    '--no-merges',
    '--format=',
    '--name-only',
    '-z',
    commit,
    '--not',
    ...bases,
  ]);
  const files = log.ok ? log.value.stdout.split(/[\0\n]/).filter((f) => f !== '') : [];
  return { commit, filesModified: [...new Set(files)].sort() };
}

/**
 * Where the step's own commits begin: its needs' branches (distributed), or the last commit an
 * earlier step of the molecule recorded that is behind HEAD (local), else the molecule's base.
 */
async function stepBases(
  cwd: string,
  proto: Proto,
  mol: Molecule,
  def: ProtoStep,
  head: string,
): Promise<string[]> {
  if (mol.execution === 'distributed') {
    const branches = baseBranchesOf(proto, mol, def);
    if (branches.length > 0) return branches;
  } else {
    const recorded = mol.steps
      .filter((s) => s.id !== def.id && s.checkpoint?.commit !== undefined)
      .sort((a, b) => (b.checkpoint?.capturedAt ?? '').localeCompare(a.checkpoint?.capturedAt ?? ''));
    for (const s of recorded) {
      const commit = s.checkpoint?.commit as string;
      const behind = await git(cwd, ['merge-base', '--is-ancestor', commit, head], { okCodes: [0, 1] });
      if (behind.ok && behind.value.code === 0) return [commit];
    }
  }
  return [mol.base.sha ?? mol.base.ref];
}
