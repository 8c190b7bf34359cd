/**
 * The lease on a molecule (lease.ts) taken with git instead of the REST API: a push costs none of
 * the workflow token's 1,000 requests an hour, where ref-lock.ts spends 3 a write. The lock ref
 * and its commits are the same (lock-record.ts), so this keeper and the REST one exclude each other.
 *
 * It speaks git's smart HTTP itself (src/github/git-wire), with no git process and nothing on
 * disk. A push to `git-receive-pack` names the ref's old value (40 zeros: it must not exist) and
 * the server moves the ref only if it still holds that value, checked under its ref lock: a
 * compare-and-swap, so of two writers that saw the same value exactly one moves it. That is why a
 * lock commit needs no parent, and why giving the lease back can be a push of a `released`
 * record: a holder whose lease ran out and was taken over is refused, silently, instead of
 * clobbering the new holder. The released record keeps the rev the holder left, so the next
 * holder learns it (`minRev`) and this keeper `recordsRev`.
 *
 * The lock commit is written here, byte for byte what `git commit-tree` writes for Molecular's
 * identity (git-object.ts), and sent in a pack with the empty tree. The token travels as an HTTP
 * Basic header, asked afresh for each request when `token` is a function (an App's installation
 * token rotates); no message of ours holds it.
 *
 * Cost, in HTTP round trips and no process: acquire of a lease this keeper gave back last 1 (the
 * push expecting its released record); of a ref that does not exist, or that names a record this
 * keeper knows (it remembers the records it pushed and read, by sha), 2 (ls-refs, push); of a
 * lease released or expired by another 3 (ls-refs, fetch of its lock commit, push). Each further
 * look at a held lease 1 (ls-refs) and a fetch when its holder changed; each refused push 1 and a
 * look. Release 1 (push). Plus, once per keeper, the GET of receive-pack's capabilities, made
 * alongside the first look.
 */
import { err, type MolError, ok, type Result } from '../../engine/index.js';
import { commitObject, type GitObject, objectSha, readCommit } from '../../github/git-wire/git-object.js';
import {
  fetchObject,
  GitWireError,
  gitRemote,
  lsRef,
  pushRef,
  receivePackCapabilities,
  ZERO_SHA,
} from '../../github/git-wire/smart-http.js';
import type { LeaseKeeper, RefLease } from '../../github/store/lease.js';
import { formatLockRecord, type LockRecord, parseLockRecord } from '../../github/store/lock-record.js';
import { EMPTY_TREE_SHA, lockRefFor } from '../../github/store/ref-lock.js';
import { MOLECULAR_PERSON } from '../../runner/git.js';

export interface GitLeaseOptions {
  /** The repository's git URL (`https://github.com/o/r.git`), served over smart HTTP. */
  url: string;
  /**
   * The token each request carries (as `x-access-token:<token>`, as GitHub takes it). A function
   * is asked before each request, so a token that rotates is always the current one.
   */
  token?: string | (() => Promise<string | undefined>);
  /** The longest one request to the remote may take, answer included (default 30 s). */
  requestTimeoutMs?: number;
  /** Who holds it: a run id, or host:pid; shown to whoever waits. */
  holder: string;
  ttlMs: number;
  /** How long to wait for a held lease before giving up with `lock-held`. */
  waitMs: number;
  /** The longest pause between looks at a held lease (they start at 50 ms and double). */
  pollMs?: number;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
}

const DEFAULT_POLL_MS = 1_600;
const FIRST_LOOK_MS = 50;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Released records remembered (one per molecule): past this the oldest is forgotten, costing it one look. */
const MAX_GIVEN_BACK = 1_000;
/** Lock records remembered by sha (a commit never changes): past this the oldest costs a fetch again. */
const MAX_RECORDS = 1_000;
const EMPTY_TREE: GitObject = { type: 'tree', body: Buffer.alloc(0) };

/** What the remote lock ref holds. */
interface Seen {
  sha: string;
  holder: string;
  expiresAt: Date;
  released: boolean;
  rev?: number;
}

interface LockCommit {
  object: GitObject;
  sha: string;
  expiresAt: Date;
}

type Pushed = 'pushed' | 'refused';

/** A lease keeper by git that can also be put away: its kept-alive connections are closed. */
export interface GitLeaseKeeper extends LeaseKeeper {
  /** Closes its connections once no request runs on them (a later acquire opens new ones). */
  dispose(): Promise<void>;
}

/** A push the server refused because the ref was not where we said: the compare-and-swap lost. */
const LOST_RACE =
  /stale|cannot lock|failed to (update|lock)|already exists|but expected|fetch first|incorrect old value/i;

export function createGitLeaseKeeper(options: GitLeaseOptions): GitLeaseKeeper {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const remote = gitRemote({
    url: options.url,
    token: async () => (typeof options.token === 'function' ? options.token() : options.token),
    timeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  });
  let capabilities: Promise<Set<string>> | undefined;
  /** receive-pack's capabilities, asked once; asked again after a failure. */
  const pushCapabilities = (): Promise<Set<string>> => {
    if (!capabilities) {
      const asked = receivePackCapabilities(remote);
      capabilities = asked;
      asked.catch(() => {
        if (capabilities === asked) capabilities = undefined;
      });
    }
    return capabilities;
  };
  /** The released record this keeper last pushed, by lock ref (the oldest forgotten past MAX_GIVEN_BACK). */
  const givenBack = new Map<string, Seen>();
  /** Records by the sha of their lock commit: the ones this keeper pushed and the ones it read. */
  const records = new Map<string, Seen>();
  const remember = (seen: Seen): void => {
    records.delete(seen.sha);
    if (records.size >= MAX_RECORDS) records.delete(records.keys().next().value as string);
    records.set(seen.sha, seen);
  };

  const lockCommit = (record: LockRecord): GitObject =>
    commitObject({
      tree: EMPTY_TREE_SHA,
      author: MOLECULAR_PERSON,
      committer: MOLECULAR_PERSON,
      time: Math.floor(options.now().getTime() / 1000),
      message: formatLockRecord(record),
    });

  const failure = (error: unknown): { ok: false; error: string } => ({
    ok: false,
    error: error instanceof GitWireError ? error.message : `unexpected: ${(error as Error).message}`,
  });

  /** The remote ref's commit and record, or undefined when the ref does not exist. */
  const look = async (ref: string): Promise<Result<Seen | undefined, string>> => {
    try {
      const sha = await lsRef(remote, ref);
      if (sha === undefined) return ok(undefined);
      const known = records.get(sha);
      if (known) return ok(known);
      const object = await fetchObject(remote, sha);
      if (object.type !== 'commit') return { ok: false, error: `the lock ref names a ${object.type}` };
      const commit = readCommit(object.body);
      const record = parseLockRecord(commit.message);
      // Not a record of ours: held until its commit is a lease old, as ref-lock.ts reads it.
      const seen: Seen = record
        ? {
            sha,
            holder: record.holder,
            expiresAt: new Date(record.expiresAt),
            released: record.released === true,
            ...(record.rev !== undefined ? { rev: record.rev } : {}),
          }
        : {
            sha,
            holder: 'unknown',
            expiresAt: new Date(commit.committerTime * 1000 + options.ttlMs),
            released: false,
          };
      remember(seen);
      return ok(seen);
    } catch (error) {
      return failure(error);
    }
  };

  /**
   * Moves the remote ref to `commit` if it is still at `expected` (undefined: if it does not
   * exist). `unsure`: the push may or may not have moved it (its answer was lost).
   */
  const push = async (
    ref: string,
    commit: GitObject,
    expected: string | undefined,
  ): Promise<Result<Pushed | 'unsure', string>> => {
    try {
      const outcome = await pushRef(remote, await pushCapabilities(), {
        ref,
        old: expected ?? ZERO_SHA,
        objects: [commit, EMPTY_TREE],
      });
      if (outcome.pushed) return ok('pushed');
      // Any other refusal (a protected or hidden ref, a hook) is a failure.
      if (LOST_RACE.test(outcome.reason)) return ok('refused');
      return { ok: false, error: `the server refused it: ${outcome.reason}` };
    } catch (error) {
      if (error instanceof GitWireError && error.unsure) return ok('unsure');
      return failure(error);
    }
  };

  const failed = (molId: string, ref: string, what: string, why: string): { ok: false; error: MolError } =>
    err(
      'lock-failed',
      `the lock ref ${ref} for molecule ${molId} could not be ${what} (${why}); nothing was written`,
    );

  const acquire = async (molId: string): Promise<Result<RefLease>> => {
    const ref = lockRefFor(molId);
    const started = options.now().getTime();
    const newCommit = (): LockCommit => {
      const expiresAt = new Date(options.now().getTime() + options.ttlMs);
      const object = lockCommit({ holder: options.holder, expiresAt: expiresAt.toISOString() });
      return { object, sha: objectSha(object), expiresAt };
    };
    let seen: Result<Seen | undefined, string>;
    const left = givenBack.get(ref);
    givenBack.delete(ref);
    if (left) {
      // We gave this lease back last: a push expecting our released record succeeds only if
      // nobody has written since, so it needs no look first (and that record's rev is the truth).
      seen = ok(left);
    } else {
      // The push's capabilities are asked while the ref is looked at (once per keeper).
      pushCapabilities().catch(() => {});
      seen = await look(ref);
    }
    let commit = newCommit();
    let pause = Math.min(FIRST_LOOK_MS, pollMs);
    for (;;) {
      if (!seen.ok) return failed(molId, ref, 'read', seen.error);
      const held = seen.value;
      const now = options.now().getTime();
      // Our own record, not given back: a lease whose release failed (one holder's leases never
      // overlap, see ref-lock.ts's LockCommits). Waiting would wait on ourselves.
      const free =
        held === undefined ||
        held.released ||
        held.expiresAt.getTime() <= now ||
        held.holder === options.holder;
      if (free) {
        // The lock commit made on the first round is reused while half its lease is ahead.
        if (commit.expiresAt.getTime() - now < options.ttlMs / 2) commit = newCommit();
        const pushed = await push(ref, commit.object, held?.sha);
        if (!pushed.ok) return failed(molId, ref, 'written', pushed.error);
        if (pushed.value === 'pushed') {
          remember({ sha: commit.sha, holder: options.holder, expiresAt: commit.expiresAt, released: false });
          return ok({
            ref,
            sha: commit.sha,
            holder: options.holder,
            expiresAt: commit.expiresAt,
            ...(held?.rev !== undefined ? { minRev: held.rev } : {}),
            ...(held === undefined ? { fresh: true as const } : {}),
          });
        }
        // Someone else moved the ref first, or the answer was lost (a look tells: our own
        // record there is ours to push over): look again at once, but not forever.
        if (pushed.value === 'unsure')
          remember({ sha: commit.sha, holder: options.holder, expiresAt: commit.expiresAt, released: false });
        if (options.now().getTime() - started >= options.waitMs) {
          return failed(molId, ref, 'taken', 'other writers kept moving it');
        }
      } else {
        const waited = now - started;
        if (waited >= options.waitMs) {
          return err(
            'lock-held',
            `molecule ${molId} is being changed by ${held.holder} (lock held until ${held.expiresAt.toISOString()}); nothing was written, try again shortly`,
          );
        }
        await options.sleep(Math.min(pause, Math.max(1, options.waitMs - waited)));
        pause = Math.min(pause * 2, pollMs);
      }
      seen = await look(ref);
    }
  };

  /** The lease's own lock commit need not be sent again: a push expecting a sha sends only ours. */
  const release = async (lease: RefLease, rev: number | undefined): Promise<void> => {
    const record: LockRecord = {
      holder: options.holder,
      expiresAt: options.now().toISOString(),
      ...(rev !== undefined ? { rev } : {}),
      released: true,
    };
    const object = lockCommit(record);
    // Refused: our lease ran out and another holder took it over; its ref is not ours to touch.
    const pushed = await push(lease.ref, object, lease.sha);
    if (!pushed.ok) throw new Error(`the lock ref ${lease.ref} could not be given back (${pushed.error})`);
    if (pushed.value === 'unsure')
      throw new Error(`the lock ref ${lease.ref} could not be given back (its push was not answered)`);
    if (pushed.value === 'pushed') {
      const given: Seen = {
        sha: objectSha(object),
        holder: options.holder,
        expiresAt: new Date(record.expiresAt),
        released: true,
        ...(rev !== undefined ? { rev } : {}),
      };
      remember(given);
      givenBack.delete(lease.ref);
      if (givenBack.size >= MAX_GIVEN_BACK) givenBack.delete(givenBack.keys().next().value as string);
      givenBack.set(lease.ref, given);
    }
  };

  const dispose = async (): Promise<void> => {
    remote.dispose();
  };

  return { recordsRev: true, acquire, release, dispose };
}
