/**
 * The lease on a molecule (lease.ts) taken with git instead of the REST API: a push costs none of
 * the workflow token's 1,000 requests an hour, where ref-lock.ts spends 3 a write. The lock ref
 * and its commits are the same (lock-record.ts), so this keeper and the REST one exclude each other.
 *
 * `git push --force-with-lease=<ref>:<expected>` is a compare-and-swap on the remote ref: the
 * client refuses when the ref is not at `expected` (empty: when it exists), and the server checks
 * the old value again under its ref lock, so of two writers that saw the same value exactly one
 * moves it. That is why a lock commit needs no parent, and why giving the lease back can be a push
 * of a `released` record: a holder whose lease ran out and was taken over is refused, silently,
 * instead of clobbering the new holder. The released record keeps the rev the holder left, so
 * the next holder learns it (`minRev`) and this keeper `recordsRev`.
 *
 * Lock commits are made in a private bare repository under `dir`, ours alone: never the user's
 * checkout, whose `.git` a step could have written. The credentials travel in `env`, one call at a
 * time (remote-auth.ts), asked afresh for each call when `env` is a function (an App's
 * installation token rotates); no argv and no message of ours holds them. Lock commits and the
 * records fetched pile up in that repository, so a long-lived keeper (the App's) makes it anew
 * after `renewAfter` of them; the old one goes once nothing runs in it any more.
 *
 * Processes (each a `git`; round trips to the remote in brackets): acquire of a lease this keeper
 * gave back last 2 [1]: commit-tree, then a push expecting its released record; of a ref that does
 * not exist 3 [2]: fetch (refused: no such ref) alongside commit-tree, then push; of a lease
 * released or expired by another 4 [2]: fetch + log (its record) alongside commit-tree, then push.
 * Each further look at a held lease 2 [1] (fetch + log), each refused push 1 [1] and a look; the
 * lock commit made on the first round is reused while half its lease is ahead. Release 2 [1]:
 * commit-tree + push. Plus one `git init` when a keeper is first used, and again if a step changed
 * its repository's config.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { err, type MolError, ok, type Result } from '../../engine/index.js';
import type { LeaseKeeper, RefLease } from '../../github/store/lease.js';
import { formatLockRecord, type LockRecord, parseLockRecord } from '../../github/store/lock-record.js';
import { EMPTY_TREE_SHA, lockRefFor } from '../../github/store/ref-lock.js';
import { COMMIT_SETTINGS, git, MOLECULAR_IDENTITY } from '../../runner/git.js';

export interface GitLeaseOptions {
  /** The repository's git URL (`https://github.com/o/r.git`); any URL git fetches from. */
  url: string;
  /**
   * Added to each call that talks to the remote: its credentials (remote-auth.ts). A function is
   * asked before each such call, so a token that rotates is always the current one.
   */
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
  /** A folder of ours for the private repository the lock commits are made in. */
  dir: string;
  /** Lock commits and fetches a private repository takes before it is made anew (default 1,000). */
  renewAfter?: number;
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
const SEEN_PREFIX = 'refs/molecular/seen/';
const DEFAULT_RENEW_AFTER = 1_000;
/** Released records remembered (one per molecule): past this the oldest is forgotten, costing it one look. */
const MAX_GIVEN_BACK = 1_000;

/** What the remote lock ref holds. */
interface Seen {
  sha: string;
  holder: string;
  expiresAt: Date;
  released: boolean;
  rev?: number;
}

interface LockCommit {
  sha: string;
  expiresAt: Date;
}

type Pushed = 'pushed' | 'refused';

/**
 * One private repository: made by this keeper (mkdtemp under `dir`), with its config as we wrote
 * it. `users` counts the acquires and releases running in it; a retired one is removed when the
 * last of them ends, so a renewal never pulls a repository from under a lease being taken.
 */
interface PrivateRepo {
  dir: string;
  config: string;
  /** Lock commits made and records fetched in it. */
  writes: number;
  users: number;
  retired: boolean;
  removed: boolean;
}

/** A lease keeper by git that can also be put away: its private repository is removed. */
export interface GitLeaseKeeper extends LeaseKeeper {
  /** Removes the private repository once nothing runs in it (a later acquire makes a new one). */
  dispose(): Promise<void>;
}

export function createGitLeaseKeeper(options: GitLeaseOptions): GitLeaseKeeper {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const renewAfter = options.renewAfter ?? DEFAULT_RENEW_AFTER;
  /**
   * A step's command runs as the same user and could have written our private repository or its
   * config, and git would send the token where a planted `http.proxy` points. So no global or
   * system config is read, and a repository whose config changed is thrown away and made again.
   */
  let current: PrivateRepo | undefined;
  const removals = new Set<Promise<void>>();
  const isolated = {
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    HOME: join(options.dir, '.no-home'),
    XDG_CONFIG_HOME: join(options.dir, '.no-home'),
  };
  const run = (
    repo: PrivateRepo,
    args: string[],
    more: { env?: Record<string, string>; okCodes?: number[] } = {},
  ) =>
    git(options.dir, [`--git-dir=${repo.dir}`, ...args], {
      ...more,
      env: { ...isolated, ...more.env },
    });
  const remoteEnv = async (): Promise<Record<string, string>> =>
    typeof options.env === 'function' ? options.env() : (options.env ?? {});
  let making: Promise<Result<PrivateRepo>> | undefined;
  let disposed = false;
  /** The released record this keeper last pushed, by lock ref (the oldest forgotten past MAX_GIVEN_BACK). */
  const givenBack = new Map<string, Seen>();

  /** Names what failed in one line, without anything `env` holds. */
  const oneLine = (text: string, env: Record<string, string> = {}): string => {
    const lines = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0);
    let line = lines.find((l) => /^(fatal|error):/.test(l)) ?? lines.at(-1) ?? 'no output';
    for (const value of Object.values(env)) {
      if (value.length >= 8) line = line.split(value).join('[redacted]');
    }
    return line.replace(/\s+/g, ' ');
  };

  /** Out of use from now on; removed once the last acquire or release running in it ends. */
  const retire = (repo: PrivateRepo): void => {
    if (current === repo) current = undefined;
    repo.retired = true;
    if (repo.users > 0 || repo.removed) return;
    repo.removed = true;
    const removal = rm(repo.dir, { recursive: true, force: true }).finally(() => {
      removals.delete(removal);
    });
    removals.add(removal);
  };
  const done = (repo: PrivateRepo): void => {
    repo.users -= 1;
    // Put away while this ran: whatever ran since goes as it ends.
    if (repo.retired || disposed) retire(repo);
  };

  const make = async (): Promise<Result<PrivateRepo>> => {
    let dir: string;
    try {
      await mkdir(options.dir, { recursive: true });
      dir = await mkdtemp(join(options.dir, 'leases-'));
    } catch (error) {
      return err(
        'lock-failed',
        `no private repository could be made in ${options.dir}: ${(error as Error).message}`,
      );
    }
    const out = await git(options.dir, [`--git-dir=${dir}`, 'init', '--bare', '--quiet'], {
      env: isolated,
    });
    if (!out.ok) {
      await rm(dir, { recursive: true, force: true });
      return err('lock-failed', oneLine(out.error.message));
    }
    const config = await readFile(join(dir, 'config'), 'utf8');
    return ok({ dir, config, writes: 0, users: 0, retired: false, removed: false });
  };

  /** The private repository to run one acquire or release in, counted as used until `done`. */
  const use = async (): Promise<Result<PrivateRepo>> => {
    for (;;) {
      const repo = current;
      if (repo) {
        const config = await readFile(join(repo.dir, 'config'), 'utf8').catch(() => undefined);
        if (repo.retired) continue;
        if (config === repo.config && repo.writes < renewAfter) {
          repo.users += 1;
          return ok(repo);
        }
        retire(repo);
        continue;
      }
      making ??= make().finally(() => {
        making = undefined;
      });
      const made = await making;
      if (!made.ok) return made;
      // The first to come back installs it; the others use it (or whatever replaced it).
      if (!current && !made.value.retired) current = made.value;
    }
  };

  const makeLockCommit = async (repo: PrivateRepo, record: LockRecord): Promise<Result<string, string>> => {
    repo.writes += 1;
    const out = await run(repo, [
      ...MOLECULAR_IDENTITY,
      ...COMMIT_SETTINGS,
      'commit-tree',
      EMPTY_TREE_SHA,
      '-m',
      formatLockRecord(record),
    ]);
    return out.ok ? ok(out.value.stdout.trim()) : { ok: false, error: oneLine(out.error.message) };
  };

  /** The remote ref's commit and record, or undefined when the ref does not exist. */
  const look = async (repo: PrivateRepo, ref: string): Promise<Result<Seen | undefined, string>> => {
    const seenRef = SEEN_PREFIX + ref.slice(ref.lastIndexOf('/') + 1);
    const env = await remoteEnv();
    repo.writes += 1;
    const fetched = await run(
      repo,
      [
        'fetch',
        '--quiet',
        '--no-tags',
        '--no-write-fetch-head',
        '--no-auto-maintenance',
        options.url,
        `+${ref}:${seenRef}`,
      ],
      { env, okCodes: [0, 128] },
    );
    if (!fetched.ok) return { ok: false, error: oneLine(fetched.error.message, env) };
    if (fetched.value.code !== 0) {
      if (/couldn't find remote ref/.test(fetched.value.stderr)) return ok(undefined);
      return { ok: false, error: oneLine(fetched.value.stderr, env) };
    }
    const shown = await run(repo, ['log', '-1', '--format=%H%x00%ct%x00%B', seenRef, '--']);
    if (!shown.ok) return { ok: false, error: oneLine(shown.error.message) };
    const [sha = '', committed = '', message = ''] = shown.value.stdout.split('\0');
    const record = parseLockRecord(message);
    if (!record) {
      // Not a record of ours: held until its commit is a lease old, as ref-lock.ts reads it.
      return ok({
        sha,
        holder: 'unknown',
        expiresAt: new Date(Number(committed) * 1000 + options.ttlMs),
        released: false,
      });
    }
    return ok({
      sha,
      holder: record.holder,
      expiresAt: new Date(record.expiresAt),
      released: record.released === true,
      ...(record.rev !== undefined ? { rev: record.rev } : {}),
    });
  };

  /** Moves the remote ref to `sha` if it is still at `expected` (empty: if it does not exist). */
  const push = async (
    repo: PrivateRepo,
    ref: string,
    sha: string,
    expected: string,
  ): Promise<Result<Pushed, string>> => {
    const env = await remoteEnv();
    const out = await run(
      repo,
      [
        // A user's push settings must not sign the push or add a check of their own.
        '-c',
        'push.gpgSign=false',
        '-c',
        'push.useForceIfIncludes=false',
        'push',
        '--porcelain',
        `--force-with-lease=${ref}:${expected}`,
        options.url,
        `${sha}:${ref}`,
      ],
      { env, okCodes: [0, 1, 128] },
    );
    if (!out.ok) return { ok: false, error: oneLine(out.error.message, env) };
    const line = out.value.stdout.split('\n').find((l) => l.includes(`:${ref}\t`));
    if (line === undefined) return { ok: false, error: oneLine(out.value.stderr, env) };
    const [flag, , summary = ''] = line.split('\t');
    if (flag !== '!') return ok('pushed');
    // `[rejected] (stale info)`: the ref is not where we saw it. The server's own check of the old
    // value reports a failed ref update; any other refusal (a protected ref, a hook) is a failure.
    if (/^\[rejected\]/.test(summary)) return ok('refused');
    const reason = summary.split(ref).join('the ref');
    if (/cannot lock|but expected|stale info|fetch first|failed to update ref/i.test(reason))
      return ok('refused');
    return { ok: false, error: oneLine(summary, env) };
  };

  const failed = (molId: string, ref: string, what: string, why: string): { ok: false; error: MolError } =>
    err(
      'lock-failed',
      `the lock ref ${ref} for molecule ${molId} could not be ${what} (${why}); nothing was written`,
    );

  const acquire = async (molId: string): Promise<Result<RefLease>> => {
    const ref = lockRefFor(molId);
    const repo = await use();
    if (!repo.ok) return failed(molId, ref, 'read', repo.error.message);
    try {
      return await acquireIn(repo.value, molId, ref);
    } finally {
      done(repo.value);
    }
  };

  const acquireIn = async (repo: PrivateRepo, molId: string, ref: string): Promise<Result<RefLease>> => {
    const started = options.now().getTime();
    const newCommit = async (): Promise<Result<LockCommit, string>> => {
      const expiresAt = new Date(options.now().getTime() + options.ttlMs);
      const sha = await makeLockCommit(repo, { holder: options.holder, expiresAt: expiresAt.toISOString() });
      return sha.ok ? ok({ sha: sha.value, expiresAt }) : sha;
    };
    let seen: Result<Seen | undefined, string>;
    let commit: Result<LockCommit, string>;
    const left = givenBack.get(ref);
    givenBack.delete(ref);
    if (left) {
      // We gave this lease back last: a push expecting our released record succeeds only if
      // nobody has written since, so it needs no look first (and that record's rev is the truth).
      seen = ok(left);
      commit = await newCommit();
    } else {
      // Usually the lease is free: its lock commit is made while the remote is asked.
      [seen, commit] = await Promise.all([look(repo, ref), newCommit()]);
    }
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
        if (!commit.ok || commit.value.expiresAt.getTime() - now < options.ttlMs / 2)
          commit = await newCommit();
        if (!commit.ok) return failed(molId, ref, 'written', commit.error);
        const pushed = await push(repo, ref, commit.value.sha, held?.sha ?? '');
        if (!pushed.ok) return failed(molId, ref, 'written', pushed.error);
        if (pushed.value === 'pushed') {
          return ok({
            ref,
            sha: commit.value.sha,
            holder: options.holder,
            expiresAt: commit.value.expiresAt,
            ...(held?.rev !== undefined ? { minRev: held.rev } : {}),
            ...(held === undefined ? { fresh: true as const } : {}),
          });
        }
        // Someone else moved the ref first: look again at once, but not forever.
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
      seen = await look(repo, ref);
    }
  };

  const release = async (lease: RefLease, rev: number | undefined): Promise<void> => {
    const repo = await use();
    if (!repo.ok)
      throw new Error(`the lock ref ${lease.ref} could not be given back (${repo.error.message})`);
    try {
      await releaseIn(repo.value, lease, rev);
    } finally {
      done(repo.value);
    }
  };

  /** The lease's own lock commit need not be in `repo`: a push expecting a sha sends only ours. */
  const releaseIn = async (repo: PrivateRepo, lease: RefLease, rev: number | undefined): Promise<void> => {
    const record: LockRecord = {
      holder: options.holder,
      expiresAt: options.now().toISOString(),
      ...(rev !== undefined ? { rev } : {}),
      released: true,
    };
    const sha = await makeLockCommit(repo, record);
    if (!sha.ok) throw new Error(`the lock ref ${lease.ref} could not be given back (${sha.error})`);
    // Refused: our lease ran out and another holder took it over; its ref is not ours to touch.
    const pushed = await push(repo, lease.ref, sha.value, lease.sha);
    if (!pushed.ok) throw new Error(`the lock ref ${lease.ref} could not be given back (${pushed.error})`);
    if (pushed.value === 'pushed') {
      givenBack.delete(lease.ref);
      if (givenBack.size >= MAX_GIVEN_BACK) givenBack.delete(givenBack.keys().next().value as string);
      givenBack.set(lease.ref, {
        sha: sha.value,
        holder: options.holder,
        expiresAt: new Date(record.expiresAt),
        released: true,
        ...(rev !== undefined ? { rev } : {}),
      });
    }
  };

  const dispose = async (): Promise<void> => {
    disposed = true;
    if (current) retire(current);
    await Promise.all([...removals]);
  };

  return { recordsRev: true, acquire, release, dispose };
}
