/**
 * The lease lock across processes: creating a git ref is atomic, so whoever creates
 * `refs/molecular/locks/<mol-id>` holds the molecule. A ref carries no data, so it points at a
 * tiny commit (empty tree, no parents) whose message holds `{holder, expiresAt}`; a waiter reads
 * that commit to see whether the lock is stale. Taking over a stale lock is a fast-forward of the
 * ref to a commit whose parent is the stale one: GitHub refuses a non-forced update that is not a
 * fast-forward, so of two waiters taking over at once exactly one wins.
 *
 * Calls: acquire 1 (the ref) when free and this holder made a lock commit less than half a lease
 * ago, 2 (commit + ref) otherwise; a wait 1 per look at the ref, + 1 per holder seen
 * (its commit), + 1 create once the ref is gone; a takeover 2 (commit + update); release 1
 * (delete), 2 when the lease ran out before release (it checks that the ref is still its own
 * before deleting).
 */
import { err, ok, type Result } from '../../engine/index.js';
import { type GitHubClient, httpMessage, httpStatus, type RepoRef } from '../client.js';
import { NO_RETRIES, postOnce } from '../post-once.js';
import type { LeaseKeeper, RefLease } from './lease.js';
import { formatLockRecord, type LockRecord, parseLockRecord } from './lock-record.js';

export type { RefLease } from './lease.js';

/** Git's well-known empty tree: every repository can name it without storing anything. */
export const EMPTY_TREE_SHA = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
export const LOCK_REF_PREFIX = 'refs/molecular/locks/';
/** The longest pause between two looks at a held lock, and the first one. */
const DEFAULT_POLL_MS = 1_600;
const FIRST_LOOK_MS = 50;

export interface RefLockOptions {
  /** Who holds it: a run id, or host:pid; shown to whoever waits. */
  holder: string;
  ttlMs: number;
  /** How long to wait for a held lock before giving up with `lock-held`. */
  waitMs: number;
  /** The longest pause between looks at a held lock (they start at 50 ms and double). */
  pollMs?: number;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** Lock commits made earlier by this holder; default: one cache for the whole process. */
  commits?: LockCommits;
}

/**
 * The lock commit names no molecule (empty tree, no parents, `{holder, expiresAt}`), so one commit
 * serves every lease a holder takes while most of its lease is still ahead: the expiry it records
 * is when the lease ends, for whichever ref points at it. Sharing is safe because two leases of
 * the same ref by one holder never overlap: inside a process the keyed mutex runs one writer per
 * molecule at a time, and a holder names one process.
 */
export class LockCommits {
  private readonly made = new Map<string, { sha: string; expiresAt: Date }>();

  fresh(
    repo: RepoRef,
    holder: string,
    now: Date,
    ttlMs: number,
  ): { sha: string; expiresAt: Date } | undefined {
    const commit = this.made.get(commitKey(repo, holder));
    return commit && commit.expiresAt.getTime() - now.getTime() >= ttlMs / 2 ? commit : undefined;
  }

  remember(repo: RepoRef, holder: string, commit: { sha: string; expiresAt: Date }): void {
    this.made.set(commitKey(repo, holder), commit);
  }

  /** The repository no longer holds it (collected once no ref named it, or a repository made anew). */
  forget(repo: RepoRef, holder: string): void {
    this.made.delete(commitKey(repo, holder));
  }
}

const commitKey = (repo: RepoRef, holder: string) => `${repo.owner}/${repo.repo}\0${holder}`.toLowerCase();

export const processLockCommits = new LockCommits();

/** A molecule id as a ref path segment (ids of other stores may hold `..` or end in `.lock`). */
export function lockRefFor(molId: string): string {
  const safe = /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(molId)
    ? molId
    : `x-${Buffer.from(molId).toString('hex').slice(0, 200)}`;
  return LOCK_REF_PREFIX + safe;
}

/** The ref as the `git/ref/{ref}` routes take it: without `refs/`. */
const shortRef = (ref: string) => ref.replace(/^refs\//, '');

async function createLockCommit(
  octokit: GitHubClient,
  repo: RepoRef,
  record: LockRecord,
  parents: string[],
): Promise<string> {
  const { data } = await octokit.request('POST /repos/{owner}/{repo}/git/commits', {
    ...repo,
    message: formatLockRecord(record),
    tree: EMPTY_TREE_SHA,
    parents,
  });
  return data.sha;
}

interface HeldLock {
  sha: string;
  holder: string;
  expiresAt: Date;
  /** What a holder that gave the lease back recorded (lock-record.ts). */
  rev?: number;
}

/** Where the lock ref points, or undefined when nobody holds it. */
async function readLockSha(octokit: GitHubClient, repo: RepoRef, ref: string): Promise<string | undefined> {
  try {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/git/ref/{ref}', {
      ...repo,
      ref: shortRef(ref),
    });
    return data.object.sha;
  } catch (error) {
    if (httpStatus(error) === 404) return undefined;
    throw error;
  }
}

/** The record of a lock commit; `committedAt + ttl` stands in when the message is not ours. */
async function readLockCommit(
  octokit: GitHubClient,
  repo: RepoRef,
  sha: string,
  ttlMs: number,
): Promise<HeldLock> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', {
    ...repo,
    commit_sha: sha,
  });
  const record = parseLockRecord(data.message);
  if (record) {
    return {
      sha,
      holder: record.holder,
      expiresAt: new Date(record.expiresAt),
      ...(record.rev !== undefined ? { rev: record.rev } : {}),
    };
  }
  return { sha, holder: 'unknown', expiresAt: new Date(Date.parse(data.committer.date ?? '') + ttlMs) };
}

export async function acquireRefLock(
  octokit: GitHubClient,
  repo: RepoRef,
  molId: string,
  options: RefLockOptions,
): Promise<Result<RefLease>> {
  const ref = lockRefFor(molId);
  const started = options.now().getTime();
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const commits = options.commits ?? processLockCommits;
  // A commit is content-addressed: its record never changes, so each holder's is read once.
  let seen: HeldLock | undefined;
  for (;;) {
    const now = options.now();
    // A lock commit made for an earlier lease or round is reused while most of its lease is ahead.
    let commit = commits.fresh(repo, options.holder, now, options.ttlMs);
    if (!commit) {
      const expiresAt = new Date(now.getTime() + options.ttlMs);
      const sha = await createLockCommit(
        octokit,
        repo,
        { holder: options.holder, expiresAt: expiresAt.toISOString() },
        [],
      );
      commit = { sha, expiresAt };
      commits.remember(repo, options.holder, commit);
    }
    const lease = { ref, sha: commit.sha, holder: options.holder, expiresAt: commit.expiresAt };
    try {
      // Sent once: resent after a lost answer, the create would be refused (422) as a duplicate of
      // itself, and this writer would wait out its own lease. After a lost answer the ref is read:
      // pointing at our commit, it is ours.
      await postOnce(
        async () => {
          await octokit.request('POST /repos/{owner}/{repo}/git/refs', {
            ...repo,
            ref,
            sha: lease.sha,
            request: NO_RETRIES,
          });
          return lease;
        },
        async () => ((await readLockSha(octokit, repo, ref)) === lease.sha ? lease : undefined),
        options.sleep,
      );
      return ok(lease);
    } catch (error) {
      if (httpStatus(error) !== 422) throw error;
      // A lock commit of ours the repository does not hold: make a new one and try again.
      if (/object does not exist/i.test(httpMessage(error))) {
        commits.forget(repo, options.holder);
        if (options.now().getTime() - started < options.waitMs) continue;
        return err(
          'lock-failed',
          `the lock ref ${ref} for molecule ${molId} could not be created: ${httpMessage(error)}`,
        );
      }
    }
    // Held: watch the ref with one GET a look (a create would be one more write) until it is
    // gone, stale, or we have waited long enough. Looks start soon, since a hold is usually a
    // few calls long, and spread out while it lasts.
    for (let pause = Math.min(FIRST_LOOK_MS, pollMs); ; pause = Math.min(pause * 2, pollMs)) {
      const sha = await readLockSha(octokit, repo, ref);
      if (sha === undefined) break;
      // Our own lock commit: one holder's leases never overlap (see LockCommits), so this is a
      // lease of ours whose release failed, not a live one. Waiting would wait on ourselves.
      if (sha === lease.sha) return ok(lease);
      if (seen?.sha !== sha) seen = await readLockCommit(octokit, repo, sha, options.ttlMs);
      if (seen.expiresAt.getTime() <= options.now().getTime()) {
        const taken = await takeOver(octokit, repo, ref, seen, options);
        if (taken) return ok(taken);
        continue;
      }
      const waited = options.now().getTime() - started;
      if (waited >= options.waitMs) {
        return err(
          'lock-held',
          `molecule ${molId} is being changed by ${seen.holder} (lock held until ${seen.expiresAt.toISOString()}); nothing was written, try again shortly`,
        );
      }
      await options.sleep(Math.min(pause, Math.max(1, options.waitMs - waited)));
    }
    // Released: try to take it, but not forever (a ref GitHub refuses for another reason would
    // otherwise loop here).
    if (options.now().getTime() - started >= options.waitMs) {
      return err(
        'lock-failed',
        `the lock ref ${ref} for molecule ${molId} could not be created; nothing was written`,
      );
    }
  }
}

/** Fast-forwards a stale lock to a commit of ours; undefined when another waiter got there first. */
async function takeOver(
  octokit: GitHubClient,
  repo: RepoRef,
  ref: string,
  stale: HeldLock,
  options: RefLockOptions,
): Promise<RefLease | undefined> {
  const staleSha = stale.sha;
  const expiresAt = new Date(options.now().getTime() + options.ttlMs);
  const sha = await createLockCommit(
    octokit,
    repo,
    { holder: options.holder, expiresAt: expiresAt.toISOString() },
    [staleSha],
  );
  try {
    await octokit.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', {
      ...repo,
      ref: shortRef(ref),
      sha,
      force: false,
    });
    return {
      ref,
      sha,
      holder: options.holder,
      expiresAt,
      ...(stale.rev !== undefined ? { minRev: stale.rev } : {}),
    };
  } catch (error) {
    // 422: not a fast-forward (someone else took it over) or the ref is gone (released): look again.
    if (httpStatus(error) === 422) return undefined;
    throw error;
  }
}

/**
 * Gives the lock back. Past its expiry someone may have taken it over, so then the ref is
 * deleted only if it still points at our commit.
 */
export async function releaseRefLock(
  octokit: GitHubClient,
  repo: RepoRef,
  lease: RefLease,
  now: Date,
): Promise<void> {
  if (now.getTime() >= lease.expiresAt.getTime()) {
    if ((await readLockSha(octokit, repo, lease.ref)) !== lease.sha) return;
  }
  try {
    await octokit.request('DELETE /repos/{owner}/{repo}/git/refs/{ref}', {
      ...repo,
      ref: shortRef(lease.ref),
    });
  } catch (error) {
    // Already gone (422 "Reference does not exist" on GitHub, 404 on some proxies): nothing to give back.
    if (httpStatus(error) !== 422 && httpStatus(error) !== 404) throw error;
  }
}

/**
 * The REST keeper: gives the lease back by deleting the ref, so it records nothing and every
 * write under it reads the comment back (comment-store.ts).
 */
export function refLockKeeper(octokit: GitHubClient, repo: RepoRef, options: RefLockOptions): LeaseKeeper {
  return {
    recordsRev: false,
    acquire: (molId) => acquireRefLock(octokit, repo, molId, options),
    release: (lease) => releaseRefLock(octokit, repo, lease, options.now()),
  };
}
