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
 * time (remote-auth.ts); no argv and no message of ours holds them.
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
  /** Added to each call that talks to the remote: its credentials (remote-auth.ts). */
  env?: Record<string, string>;
  /** A folder of ours for the private repository the lock commits are made in. */
  dir: string;
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

export function createGitLeaseKeeper(options: GitLeaseOptions): LeaseKeeper {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  /**
   * Our private repository, made anew by this keeper (mkdtemp under `dir`), and its config as we
   * wrote it: a step's command runs as the same user and could have written either, and git would
   * send the token where a planted `http.proxy` points. So no global or system config is read, and
   * a repository whose config changed is thrown away and made again.
   */
  let repo: { dir: string; config: string } | undefined;
  const isolated = {
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    HOME: join(options.dir, '.no-home'),
    XDG_CONFIG_HOME: join(options.dir, '.no-home'),
  };
  const run = (args: string[], more: { env?: Record<string, string>; okCodes?: number[] } = {}) =>
    git(options.dir, [`--git-dir=${repo?.dir ?? options.dir}`, ...args], {
      ...more,
      env: { ...isolated, ...more.env },
    });
  const env = options.env ?? {};
  let ready: Promise<Result<void>> | undefined;
  /** The released record this keeper last pushed, by lock ref. */
  const givenBack = new Map<string, Seen>();

  /** Names what failed in one line, without anything `env` holds. */
  const oneLine = (text: string): string => {
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

  const prepare = (): Promise<Result<void>> => {
    ready ??= (async () => {
      if (repo) {
        const config = await readFile(join(repo.dir, 'config'), 'utf8').catch(() => undefined);
        if (config === repo.config) return ok(undefined);
        await rm(repo.dir, { recursive: true, force: true });
        repo = undefined;
      }
      await mkdir(options.dir, { recursive: true });
      const dir = await mkdtemp(join(options.dir, 'leases-'));
      const out = await git(options.dir, [`--git-dir=${dir}`, 'init', '--bare', '--quiet'], {
        env: isolated,
      });
      if (!out.ok) return err('lock-failed', oneLine(out.error.message));
      repo = { dir, config: await readFile(join(dir, 'config'), 'utf8') };
      return ok(undefined);
    })();
    return ready.then((result) => {
      ready = undefined;
      return result;
    });
  };

  const makeLockCommit = async (record: LockRecord): Promise<Result<string, string>> => {
    const out = await run([
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
  const look = async (ref: string): Promise<Result<Seen | undefined, string>> => {
    const seenRef = SEEN_PREFIX + ref.slice(ref.lastIndexOf('/') + 1);
    const fetched = await run(
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
    if (!fetched.ok) return { ok: false, error: oneLine(fetched.error.message) };
    if (fetched.value.code !== 0) {
      if (/couldn't find remote ref/.test(fetched.value.stderr)) return ok(undefined);
      return { ok: false, error: oneLine(fetched.value.stderr) };
    }
    const shown = await run(['log', '-1', '--format=%H%x00%ct%x00%B', seenRef, '--']);
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
  const push = async (ref: string, sha: string, expected: string): Promise<Result<Pushed, string>> => {
    const out = await run(
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
    if (!out.ok) return { ok: false, error: oneLine(out.error.message) };
    const line = out.value.stdout.split('\n').find((l) => l.includes(`:${ref}\t`));
    if (line === undefined) return { ok: false, error: oneLine(out.value.stderr) };
    const [flag, , summary = ''] = line.split('\t');
    if (flag !== '!') return ok('pushed');
    // `[rejected] (stale info)`: the ref is not where we saw it. The server's own check of the old
    // value reports a failed ref update; any other refusal (a protected ref, a hook) is a failure.
    if (/^\[rejected\]/.test(summary)) return ok('refused');
    const reason = summary.split(ref).join('the ref');
    if (/cannot lock|but expected|stale info|fetch first|failed to update ref/i.test(reason))
      return ok('refused');
    return { ok: false, error: oneLine(summary) };
  };

  const failed = (molId: string, ref: string, what: string, why: string): { ok: false; error: MolError } =>
    err(
      'lock-failed',
      `the lock ref ${ref} for molecule ${molId} could not be ${what} (${why}); nothing was written`,
    );

  const acquire = async (molId: string): Promise<Result<RefLease>> => {
    const ref = lockRefFor(molId);
    const prepared = await prepare();
    if (!prepared.ok) return failed(molId, ref, 'read', prepared.error.message);
    const started = options.now().getTime();
    const newCommit = async (): Promise<Result<LockCommit, string>> => {
      const expiresAt = new Date(options.now().getTime() + options.ttlMs);
      const sha = await makeLockCommit({ holder: options.holder, expiresAt: expiresAt.toISOString() });
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
      [seen, commit] = await Promise.all([look(ref), newCommit()]);
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
        const pushed = await push(ref, commit.value.sha, held?.sha ?? '');
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
      seen = await look(ref);
    }
  };

  const release = async (lease: RefLease, rev: number | undefined): Promise<void> => {
    const prepared = await prepare();
    if (!prepared.ok)
      throw new Error(`the lock ref ${lease.ref} could not be given back (${prepared.error.message})`);
    const record: LockRecord = {
      holder: options.holder,
      expiresAt: options.now().toISOString(),
      ...(rev !== undefined ? { rev } : {}),
      released: true,
    };
    const sha = await makeLockCommit(record);
    if (!sha.ok) throw new Error(`the lock ref ${lease.ref} could not be given back (${sha.error})`);
    // Refused: our lease ran out and another holder took it over; its ref is not ours to touch.
    const pushed = await push(lease.ref, sha.value, lease.sha);
    if (!pushed.ok) throw new Error(`the lock ref ${lease.ref} could not be given back (${pushed.error})`);
    if (pushed.value === 'pushed') {
      givenBack.set(lease.ref, {
        sha: sha.value,
        holder: options.holder,
        expiresAt: new Date(record.expiresAt),
        released: true,
        ...(rev !== undefined ? { rev } : {}),
      });
    }
  };

  return { recordsRev: true, acquire, release };
}
