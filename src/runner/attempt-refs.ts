/**
 * Attempts of a step in the working tree itself (local execution): each starts from the step's
 * base, and what an attempt that did not complete left behind (committed or not) is kept as a
 * commit at `refs/molecular/attempts/<mol>/<step>/<n>`, not on the branch and not in the tree.
 *
 * When an attempt starts, the tree as it is (HEAD plus a person's uncommitted work) is recorded as a
 * commit at `refs/molecular/attempts/<mol>/<step>/base` whose parent is HEAD; a tree with nothing
 * uncommitted is HEAD itself, so HEAD is recorded at `…/base-head` instead, without making a commit
 * of the same tree. Setting an attempt aside records the tree as it is now at the attempt's ref,
 * then puts back that base: HEAD (and the branch) at the parent (or the `base-head` commit), the
 * files as they were, a person's work in progress still uncommitted.
 *
 * An `on_fail` loop starts a step's attempts again at 1, so `<n>` counts attempts across loops: the
 * attempt's own number, or one past the highest already kept when that is more. A failed attempt of
 * one loop is never overwritten by the next loop's.
 */
import { rm } from 'node:fs/promises';
import { ok, type Result } from '../engine/index.js';
import { COMMIT_SETTINGS, git, gitText, MOLECULAR_IDENTITY, resolveCommit } from './git.js';
import { refTransaction } from './ref-transaction.js';

const ROOT = 'refs/molecular/attempts';

export function attemptRef(molId: string, stepId: string, attempt: number): string {
  return `${ROOT}/${molId}/${stepId}/${attempt}`;
}

/**
 * Where attempt `attempt` of a step is kept: `<attempt>`, or past every ref kept before it (an
 * earlier loop's). The ref that already holds `commit` is answered as it is (a set-aside redone).
 */
async function freeAttemptRef(
  cwd: string,
  molId: string,
  stepId: string,
  attempt: number,
  commit: string,
): Promise<Result<string>> {
  const prefix = `${ROOT}/${molId}/${stepId}/`;
  const listed = await gitText(cwd, ['for-each-ref', '--format=%(objectname) %(refname)', prefix]);
  if (!listed.ok) return listed;
  let highest = 0;
  for (const line of listed.value.split('\n')) {
    const [sha, name] = line.split(' ');
    if (sha === undefined || name === undefined) continue;
    if (sha === commit) return ok(name);
    const n = Number(name.slice(prefix.length));
    if (Number.isInteger(n) && n > highest) highest = n;
  }
  return ok(attemptRef(molId, stepId, Math.max(attempt, highest + 1)));
}

function baseRef(molId: string, stepId: string): string {
  return `${ROOT}/${molId}/${stepId}/base`;
}

/** Where the attempt's base is HEAD itself (a clean tree): the commit to go back to and its tree. */
function baseHeadRef(molId: string, stepId: string): string {
  return `${ROOT}/${molId}/${stepId}/base-head`;
}

/** A commit of the whole working tree (untracked files too, ignored ones not) on top of HEAD. */
async function snapshot(
  cwd: string,
  message: string,
  knownHead?: string,
  blanked: Record<string, string> = {},
): Promise<Result<{ commit: string; head: string }>> {
  const head = knownHead === undefined ? await gitText(cwd, ['rev-parse', 'HEAD']) : ok(knownHead);
  if (!head.ok) return head;
  const indexPath = await gitText(cwd, [
    'rev-parse',
    '--path-format=absolute',
    '--git-path',
    'molecular-snapshot.index',
  ]);
  if (!indexPath.ok) return indexPath;
  // A separate index: the person's staged changes stay as they are.
  const env = { ...blanked, GIT_INDEX_FILE: indexPath.value };
  try {
    const read = await git(cwd, ['read-tree', 'HEAD'], { env });
    if (!read.ok) return read;
    const added = await git(cwd, ['add', '-A'], { env });
    if (!added.ok) return added;
    const tree = await git(cwd, ['write-tree'], { env });
    if (!tree.ok) return tree;
    const commit = await git(cwd, [
      ...MOLECULAR_IDENTITY,
      ...COMMIT_SETTINGS,
      'commit-tree',
      tree.value.stdout.trim(),
      '-p',
      head.value,
      '-m',
      message,
    ]);
    if (!commit.ok) return commit;
    return ok({ commit: commit.value.stdout.trim(), head: head.value });
  } finally {
    await rm(indexPath.value, { force: true });
  }
}

/**
 * Records where the attempt starts; the step's base is HEAD (`head`, when the caller just read it).
 * `clean`: nothing in the tree differs from HEAD.
 */
export async function recordAttemptBase(
  cwd: string,
  molId: string,
  stepId: string,
  clean = false,
  head?: string,
  /** Bases of steps that completed since, forgotten in the same transaction (step-host.ts `completedBases`). */
  forget: readonly AttemptOf[] = [],
): Promise<Result<void>> {
  const taken = await baseCommit(cwd, molId, stepId, clean, head);
  if (!taken.ok) return taken;
  const [set, other] = baseNames(molId, stepId, clean);
  // One transaction: the step's base is never named twice.
  const updated = await git(cwd, ['update-ref', '--stdin'], {
    input: `update ${set} ${taken.value}\ndelete ${other}\n${forgetting(forget)}`,
  });
  return updated.ok ? ok(undefined) : updated;
}

/**
 * `recordAttemptBase` for an attempt that finds no base of its step left behind, with the finding
 * and the write in one transaction: the base's ref is created only where there is none, and the
 * other name must be absent too. False, with nothing written, when either was there or the
 * transaction failed for any other reason: the caller then goes the long way (`readTreeStart`,
 * setting the earlier attempt aside), which also says what failed.
 */
export async function recordFreshAttemptBase(
  cwd: string,
  molId: string,
  stepId: string,
  clean: boolean,
  head: string,
  forget: readonly AttemptOf[] = [],
): Promise<Result<boolean>> {
  const taken = await baseCommit(cwd, molId, stepId, clean, head);
  if (!taken.ok) return taken;
  const [set, other] = baseNames(molId, stepId, clean);
  // An old value of zeros (as long as this repository's object names): the ref must not exist.
  const none = '0'.repeat(head.length);
  const updated = await refTransaction(
    cwd,
    `update ${set} ${taken.value} ${none}\nverify ${other}\n${forgetting(forget)}`,
  );
  return ok(updated.ok);
}

/** The commit an attempt starts from: HEAD for a clean tree, else a snapshot of the tree on top of it. */
async function baseCommit(
  cwd: string,
  molId: string,
  stepId: string,
  clean: boolean,
  head: string | undefined,
): Promise<Result<string>> {
  // Nothing changed in the tree: HEAD is the base, files and all, and needs no commit of its own.
  if (clean) return head === undefined ? gitText(cwd, ['rev-parse', 'HEAD']) : ok(head);
  const made = await snapshot(cwd, `base of ${stepId} (${molId})`, head);
  return made.ok ? ok(made.value.commit) : made;
}

/** The name a base is recorded at, and the other one, which must not name it too. */
function baseNames(molId: string, stepId: string, clean: boolean): [string, string] {
  return clean
    ? [baseHeadRef(molId, stepId), baseRef(molId, stepId)]
    : [baseRef(molId, stepId), baseHeadRef(molId, stepId)];
}

/** A step of a molecule, whose attempt base is meant. */
export interface AttemptOf {
  molId: string;
  stepId: string;
}

/** `update-ref --stdin` lines deleting both names of each base; deleting one that is not there is no error. */
function forgetting(bases: readonly AttemptOf[]): string {
  return bases
    .map(({ molId, stepId }) => `delete ${baseRef(molId, stepId)}\ndelete ${baseHeadRef(molId, stepId)}\n`)
    .join('');
}

/** HEAD as a step in the working tree starts from it: its commit and full name (`HEAD` when detached). */
export interface TreeHead {
  commit: string;
  name: string;
}

/**
 * HEAD, its name, and whether an attempt of the step left its base behind (it did not complete,
 * or its runner died before forgetting it), in one process. Undefined when HEAD cannot be read
 * that way (an unborn branch): the caller asks the long way, which says why.
 */
export async function readTreeStart(
  cwd: string,
  molId: string,
  stepId: string,
): Promise<Result<{ head: TreeHead; baseLeft: boolean } | undefined>> {
  const base = baseRef(molId, stepId);
  // Ref names hold no glob characters (git refuses them), so the pattern names this step's refs
  // alone, and `*` matching across `/` only adds names compared exactly below.
  const out = await git(
    cwd,
    ['rev-parse', 'HEAD', '--symbolic-full-name', 'HEAD', `--glob=${ROOT}/${molId}/${stepId}/*`],
    { okCodes: [0, 128] },
  );
  if (!out.ok) return out;
  const [commit, name, ...refs] = out.value.stdout.trim().split('\n');
  if (out.value.code !== 0 || !commit || !name) return ok(undefined);
  return ok({
    head: { commit, name },
    baseLeft: refs.includes(base) || refs.includes(baseHeadRef(molId, stepId)),
  });
}

/** The attempt completed: its work is on the branch, its base no longer needed. */
export function forgetAttemptBase(cwd: string, molId: string, stepId: string): Promise<Result<void>> {
  return forgetAttemptBases(cwd, [{ molId, stepId }]);
}

/** Several completed attempts' bases, in one transaction. */
export async function forgetAttemptBases(cwd: string, bases: readonly AttemptOf[]): Promise<Result<void>> {
  if (bases.length === 0) return ok(undefined);
  const deleted = await git(cwd, ['update-ref', '--stdin'], { input: forgetting(bases) });
  return deleted.ok ? ok(undefined) : deleted;
}

/**
 * A distributed step's earlier attempt left its branch behind (a failed attempt's commits, an idle
 * agent's WIP); the branch is about to be rebuilt from `bases`, so its tip is kept at the attempt's
 * ref unless the new start already holds it. Answers the ref, or undefined when nothing was kept.
 */
export async function keepBranchAttempt(
  repoDir: string,
  molId: string,
  stepId: string,
  attempt: number,
  tip: string,
  bases: readonly string[],
): Promise<Result<string | undefined>> {
  for (const base of bases) {
    const held = await git(repoDir, ['merge-base', '--is-ancestor', tip, base], { okCodes: [0, 1] });
    if (!held.ok) return held;
    if (held.value.code === 0) return ok(undefined);
  }
  const kept = await freeAttemptRef(repoDir, molId, stepId, attempt, tip);
  if (!kept.ok) return kept;
  const saved = await git(repoDir, ['update-ref', kept.value, tip]);
  return saved.ok ? ok(kept.value) : saved;
}

/**
 * An attempt that started here and did not complete (it failed, or its runner died): its work goes
 * to the attempt's ref and the tree back to the attempt's base. Answers the ref, or undefined when
 * there was no unfinished attempt or it left nothing. `blank` names settings the attempt changed
 * (git-config-snapshot.ts): git runs here with each of them emptied, so a filter the attempt
 * planted does not run while its work is put away.
 */
export async function setAsideAttempt(
  cwd: string,
  molId: string,
  stepId: string,
  attempt: number,
  blank: readonly string[] = [],
): Promise<Result<string | undefined>> {
  const env = blankedSettings(blank);
  const snapshotBase = await resolveCommit(cwd, baseRef(molId, stepId));
  const headBase =
    snapshotBase === undefined ? await resolveCommit(cwd, baseHeadRef(molId, stepId)) : undefined;
  const base = snapshotBase ?? headBase;
  if (base === undefined) return ok(undefined);
  const parent = headBase !== undefined ? ok(headBase) : await gitText(cwd, ['rev-parse', `${base}^`]);
  if (!parent.ok) return parent;
  const now = await snapshot(cwd, `attempt ${attempt} of ${stepId} (${molId}), set aside`, undefined, env);
  if (!now.ok) return now;
  const same = await git(cwd, ['diff', '--quiet', base, now.value.commit], { okCodes: [0, 1] });
  if (!same.ok) return same;
  const leftNothing = same.value.code === 0 && now.value.head === parent.value;
  let kept: string | undefined;
  if (!leftNothing) {
    const free = await freeAttemptRef(cwd, molId, stepId, attempt, now.value.commit);
    if (!free.ok) return free;
    kept = free.value;
    const saved = await git(cwd, ['update-ref', kept, now.value.commit]);
    if (!saved.ok) return saved;
    // Everything in the index, so that files the attempt created are removed with the rest.
    const added = await git(cwd, ['add', '-A'], { env });
    if (!added.ok) return added;
    const restored = await git(cwd, ['read-tree', '-u', '--reset', `${base}^{tree}`], { env });
    if (!restored.ok) return restored;
    // HEAD (and the branch) back to the base; a person's changes stay in the files, unstaged.
    const reset = await git(cwd, ['reset', '-q', parent.value], { env });
    if (!reset.ok) return reset;
  }
  const forgotten = await forgetAttemptBase(cwd, molId, stepId);
  return forgotten.ok ? ok(kept) : forgotten;
}

/**
 * Git's command-line settings (GIT_CONFIG_COUNT, git ≥ 2.31) that empty each key: they outrank
 * every file, an empty filter command runs nothing, and a key is passed whole, whatever its
 * subsection holds (`-c` would split it at the first `=`).
 */
export function blankedSettings(keys: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  if (keys.length === 0) return env;
  keys.forEach((key, i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = '';
  });
  env.GIT_CONFIG_COUNT = String(keys.length);
  return env;
}
