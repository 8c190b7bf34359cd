/** What a step changed, file by file, between its base and its branch or commit (`mol diff`). */
import { err, ok, type Result } from '../engine/index.js';
import { git, resolveCommit, splitNul } from './git.js';

export interface StepDiff {
  added: string[];
  modified: string[];
  deleted: string[];
}

export async function diffStep(options: {
  repoDir: string;
  baseRef: string;
  branchOrCommit: string;
}): Promise<Result<StepDiff>> {
  const { repoDir } = options;
  const base = await resolveCommit(repoDir, options.baseRef);
  if (base === undefined)
    return err('unknown-ref', `"${options.baseRef}" is not a branch or commit in ${repoDir}.`);
  const target = await resolveCommit(repoDir, options.branchOrCommit);
  if (target === undefined)
    return err('unknown-ref', `"${options.branchOrCommit}" is not a branch or commit in ${repoDir}.`);
  // Renames count as a deletion and an addition: simpler to read than a similarity guess.
  const out = await git(repoDir, ['diff', '--name-status', '--no-renames', '-z', base, target]);
  if (!out.ok) return out;
  const diff: StepDiff = { added: [], modified: [], deleted: [] };
  const parts = splitNul(out.value.stdout);
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const status = parts[i] as string;
    const path = parts[i + 1] as string;
    if (status === 'A') diff.added.push(path);
    else if (status === 'D') diff.deleted.push(path);
    else diff.modified.push(path);
  }
  return ok(diff);
}
