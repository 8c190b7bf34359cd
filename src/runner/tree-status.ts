/**
 * A checkout as one `git status --porcelain=v2 --branch` sees it: HEAD's commit, its branch, and
 * every path that differs from HEAD (staged, unstaged or untracked; ignored ones not). One process
 * answers what took three (`rev-parse` for HEAD and its name, `status`, and `add -A` plus a
 * `commit` that found nothing to commit), so a step's start and finish each ask git once when the
 * step changed nothing.
 */
import { ok, type Result } from '../engine/index.js';
import { git } from './git.js';

export interface TreeStatus {
  /** HEAD's commit. */
  head: string;
  /** The branch checked out; undefined on a detached HEAD. */
  branch: string | undefined;
  /** Paths that differ from HEAD or are untracked, as `status --porcelain=v1` lists them. */
  changed: string[];
  /** Those of them git does not track yet (`git add` makes them part of a commit). */
  untracked: string[];
  /**
   * Those whose path alone does not tell whether committing the tree changes them: changed both
   * in the index and in the file (it may be back as HEAD has it), unmerged, or a submodule.
   */
  intricate: string[];
}

/** `status` of `cwd`; undefined on an unborn branch, or an answer this reading does not know (the caller asks the long way). */
export async function treeStatus(cwd: string): Promise<Result<TreeStatus | undefined>> {
  const out = await git(cwd, [
    // Without it, status writes the index whenever it refreshed a file's times: a lock file made
    // and an index replaced at every step, while the step's commit writes the index anyway.
    '--no-optional-locks',
    'status',
    '--porcelain=v2',
    '--branch',
    // A branch with an upstream would have its commits counted against it: nothing here reads them.
    '--no-ahead-behind',
    '-z',
    '--no-renames',
    '--untracked-files=all',
  ]);
  if (!out.ok) return out;
  return ok(parseTreeStatus(out.value.stdout));
}

/** Fields before the path in a v2 entry: ordinary `1`, renamed `2` (one more, the score), unmerged `u`. */
const FIELDS: Record<string, number> = { '1': 8, '2': 9, u: 10 };

export function parseTreeStatus(text: string): TreeStatus | undefined {
  const records = text.split('\0');
  let oid: string | undefined;
  let name: string | undefined;
  const changed: string[] = [];
  const untracked: string[] = [];
  const intricate: string[] = [];
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as string;
    if (record === '') continue;
    if (record.startsWith('# ')) {
      const [, key, value] = /^# (\S+) (.*)$/s.exec(record) ?? [];
      if (key === 'branch.oid') oid = value;
      else if (key === 'branch.head') name = value;
      continue;
    }
    const kind = record.slice(0, 1);
    if (kind === '?' || kind === '!') {
      if (kind === '?') {
        changed.push(record.slice(2));
        untracked.push(record.slice(2));
      }
      continue;
    }
    const fields = FIELDS[kind];
    if (fields === undefined) return undefined;
    let at = -1;
    for (let n = 0; n < fields; n++) {
      at = record.indexOf(' ', at + 1);
      if (at < 0) return undefined;
    }
    const path = record.slice(at + 1);
    changed.push(path);
    const [staged, unstaged] = [record.slice(2, 3), record.slice(3, 4)];
    // An intent-to-add entry (`.A`, `git add -N`) is tracked by name alone: intricate too.
    const mixed = (staged !== '.' && unstaged !== '.') || unstaged === 'A';
    if (kind !== '1' || mixed || record.slice(5, 9) !== 'N...') intricate.push(path);
    // A rename's original path follows as a record of its own.
    if (kind === '2') i++;
  }
  // A path listed twice (removed from the index, still there untracked): its path alone says nothing either.
  const seen = new Set<string>();
  for (const path of changed) {
    if (seen.has(path)) intricate.push(path);
    seen.add(path);
  }
  // `(initial)` on an unborn branch.
  if (oid === undefined || !/^[0-9a-f]{40,64}$/.test(oid) || name === undefined) return undefined;
  return { head: oid, branch: name === '(detached)' ? undefined : name, changed, untracked, intricate };
}

/**
 * The tree after a commit that took every listed path but `kept` (commit-step.ts `took`): HEAD is
 * the new commit on the same branch, and only the kept paths still differ from it.
 */
export function afterCommit(status: TreeStatus, commit: string, kept: readonly string[]): TreeStatus {
  const left = new Set(kept);
  const keep = (paths: string[]) => paths.filter((path) => left.has(path));
  return {
    head: commit,
    branch: status.branch,
    changed: keep(status.changed),
    untracked: keep(status.untracked),
    intricate: keep(status.intricate),
  };
}
