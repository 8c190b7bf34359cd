import { execFile } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RefLease } from '../../../../src/github/store/lease.js';
import { formatLockRecord, parseLockRecord } from '../../../../src/github/store/lock-record.js';
import { EMPTY_TREE_SHA, lockRefFor } from '../../../../src/github/store/ref-lock.js';
import { remoteAuthEnv } from '../../../../src/runner/remote-auth.js';
import { createGitLeaseKeeper, type GitLeaseOptions } from '../../../../src/shell/github/git-lease.js';

const run = promisify(execFile);
const IDENTITY = ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false'];

let root: string;
let remote: string;
let keepers = 0;

const git = async (args: string[], env: Record<string, string> = {}) =>
  (await run('git', [...IDENTITY, ...args], { cwd: root, env: { ...process.env, ...env } })).stdout.trim();

/** The record the remote lock ref points at, or undefined when there is no such ref. */
async function remoteRecord(molId: string) {
  const ref = lockRefFor(molId);
  const listed = await git(['--git-dir', remote, 'for-each-ref', '--format=%(objectname)', ref]);
  if (listed === '') return undefined;
  const message = await git(['--git-dir', remote, 'log', '-1', '--format=%B', ref]);
  return { sha: listed, record: parseLockRecord(message) };
}

/** A lock commit written the way another keeper would: plain git, pushed to the remote. */
async function writeForeignLock(molId: string, message: string, committedAt?: string): Promise<string> {
  const scratch = join(root, 'foreign.git');
  await git(['init', '-q', '--bare', scratch]);
  const env: Record<string, string> = committedAt
    ? { GIT_COMMITTER_DATE: committedAt, GIT_AUTHOR_DATE: committedAt }
    : {};
  const sha = await git(['--git-dir', scratch, 'commit-tree', EMPTY_TREE_SHA, '-m', message], env);
  await git(['--git-dir', scratch, 'push', '-q', '--force', remote, `${sha}:${lockRefFor(molId)}`]);
  return sha;
}

interface Clock {
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  sleeps: number[];
  advance: (ms: number) => void;
}

/** A clock that moves only when someone sleeps or the test advances it. */
function fakeClock(start = '2026-11-27T12:00:00.000Z'): Clock {
  let t = Date.parse(start);
  const sleeps: number[] = [];
  return {
    now: () => new Date(t),
    sleep: async (ms) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
    advance: (ms) => {
      t += ms;
    },
  };
}

function keeper(holder: string, clock: Pick<Clock, 'now' | 'sleep'>, more: Partial<GitLeaseOptions> = {}) {
  keepers += 1;
  return createGitLeaseKeeper({
    url: remote,
    dir: join(root, `keeper-${keepers}`),
    holder,
    ttlMs: 60_000,
    waitMs: 5_000,
    now: clock.now,
    sleep: clock.sleep,
    ...more,
  });
}

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'mol-git-lease-')));
  remote = join(root, 'remote.git');
  await git(['init', '-q', '--bare', remote]);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('createGitLeaseKeeper', () => {
  it('takes a free lease, gives it back with the rev, and the next holder learns that rev', async () => {
    const clock = fakeClock();
    const a = keeper('run-a', clock);
    expect(a.recordsRev).toBe(true);

    const acquired = await a.acquire('m1');
    if (!acquired.ok) throw new Error(acquired.error.message);
    const lease = acquired.value;
    expect(lease).toMatchObject({ ref: 'refs/molecular/locks/m1', holder: 'run-a' });
    expect(lease.minRev).toBeUndefined();
    // The ref did not exist: nobody holding this keeper's lease ever wrote m1.
    expect(lease.fresh).toBe(true);
    expect(lease.expiresAt.toISOString()).toBe('2026-11-27T12:01:00.000Z');
    expect(await remoteRecord('m1')).toEqual({
      sha: lease.sha,
      record: { holder: 'run-a', expiresAt: '2026-11-27T12:01:00.000Z' },
    });

    clock.advance(1_000);
    await a.release(lease, 7);
    const released = await remoteRecord('m1');
    expect(released?.sha).not.toBe(lease.sha);
    expect(released?.record).toEqual({
      holder: 'run-a',
      expiresAt: '2026-11-27T12:00:01.000Z',
      rev: 7,
      released: true,
    });

    const b = keeper('run-b', clock);
    const next = await b.acquire('m1');
    if (!next.ok) throw new Error(next.error.message);
    expect(next.value.minRev).toBe(7);
    expect(next.value.fresh).toBeUndefined();
    expect((await remoteRecord('m1'))?.record?.holder).toBe('run-b');
    // The same keeper takes its own released lease again without waiting.
    await b.release(next.value, undefined);
    expect((await remoteRecord('m1'))?.record).toEqual({
      holder: 'run-b',
      expiresAt: '2026-11-27T12:00:01.000Z',
      released: true,
    });
    const again = await a.acquire('m1');
    expect(again.ok && again.value.minRev).toBeUndefined();
    expect(clock.sleeps).toEqual([]);
  });

  it('takes back a lease it gave back last with its rev, unless someone wrote since', async () => {
    const clock = fakeClock();
    const a = keeper('run-a', clock);
    const b = keeper('run-b', clock);
    const take = async (k: typeof a) => {
      const lease = await k.acquire('m8');
      if (!lease.ok) throw new Error(lease.error.message);
      return lease.value;
    };

    await a.release(await take(a), 4);
    const again = await take(a);
    expect(again.minRev).toBe(4);
    expect((await remoteRecord('m8'))?.sha).toBe(again.sha);
    await a.release(again, 5);

    await b.release(await take(b), 9);
    const after = await take(a);
    expect(after.minRev).toBe(9);
    expect((await remoteRecord('m8'))?.record?.holder).toBe('run-a');
  });

  it('waits for a fresh lease held by another, then gives up with lock-held naming the holder', async () => {
    const clock = fakeClock();
    const held = await keeper('run-a', clock).acquire('m2');
    if (!held.ok) throw new Error(held.error.message);

    const result = await keeper('run-b', clock, { waitMs: 5_000, pollMs: 1_600 }).acquire('m2');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('lock-held');
    expect(result.error.message).toContain('run-a');
    expect(result.error.message).toContain('2026-11-27T12:01:00.000Z');
    // Looks start at 50 ms and double up to pollMs; the last pause stops at waitMs.
    expect(clock.sleeps).toEqual([50, 100, 200, 400, 800, 1_600, 1_600, 250]);
    expect((await remoteRecord('m2'))?.sha).toBe(held.value.sha);
  });

  it('reads records written by another keeper: held, expired, released, and a message not ours', async () => {
    const clock = fakeClock();
    const b = keeper('run-b', clock, { waitMs: 0 });

    await writeForeignLock('m3', formatLockRecord({ holder: 'app', expiresAt: '2026-11-27T12:00:30.000Z' }));
    const waiting = await b.acquire('m3');
    expect(!waiting.ok && waiting.error.code).toBe('lock-held');
    expect(!waiting.ok && waiting.error.message).toContain(
      'by app (lock held until 2026-11-27T12:00:30.000Z)',
    );

    clock.advance(30_000);
    const taken = await b.acquire('m3');
    if (!taken.ok) throw new Error(taken.error.message);
    expect(taken.value.minRev).toBeUndefined();
    expect((await remoteRecord('m3'))?.record?.holder).toBe('run-b');

    await writeForeignLock(
      'm4',
      formatLockRecord({ holder: 'app', expiresAt: '2026-11-27T12:00:00.000Z', rev: 12, released: true }),
    );
    const afterRelease = await b.acquire('m4');
    expect(afterRelease.ok && afterRelease.value.minRev).toBe(12);

    // Not a lock record: held until its commit is a lease (60 s) old.
    await writeForeignLock('m5', 'something else', '2026-11-27T12:00:20+0000');
    const unknown = await b.acquire('m5');
    expect(!unknown.ok && unknown.error.message).toContain(
      'by unknown (lock held until 2026-11-27T12:01:20.000Z)',
    );
    clock.advance(60_000);
    expect((await b.acquire('m5')).ok).toBe(true);
  });

  it('lets exactly one of several racing keepers in at a time, and every one gets its turn', async () => {
    const real = {
      now: () => new Date(),
      sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    };
    const rounds = 2;
    const racers = Array.from({ length: 6 }, (_, i) =>
      keeper(`racer-${i}`, real, { pollMs: 40, waitMs: 60_000 }),
    );
    let inside = 0;
    let most = 0;
    let writes = 0;
    const seen: [number | undefined, number][] = [];
    const failures: string[] = [];

    await Promise.all(
      racers.map(async (racer, i) => {
        for (let round = 0; round < rounds; round++) {
          const acquired = await racer.acquire('race');
          if (!acquired.ok) {
            failures.push(acquired.error.message);
            return;
          }
          inside += 1;
          most = Math.max(most, inside);
          seen.push([acquired.value.minRev, writes]);
          // Real work inside, long enough for the others' looks and pushes to interleave: the remote
          // ref names this holder for as long as it holds the lease.
          const record = await remoteRecord('race');
          if (record?.record?.holder !== `racer-${i}`)
            failures.push(`racer-${i} saw ${record?.record?.holder}`);
          writes += 1;
          inside -= 1;
          await racer.release(acquired.value, writes);
        }
      }),
    );

    expect(failures).toEqual([]);
    expect(most).toBe(1);
    expect(writes).toBe(6 * rounds);
    expect(seen).toHaveLength(6 * rounds);
    // Each holder learns the rev its predecessor recorded: the count of writes before it.
    expect(seen).toEqual(seen.map(([, before]) => [before === 0 ? undefined : before, before]));
    expect((await remoteRecord('race'))?.record).toMatchObject({ rev: 6 * rounds, released: true });
  }, 90_000);

  it('does not touch the ref when a lease that ran out and was taken over is given back', async () => {
    const clock = fakeClock();
    const a = keeper('run-a', clock, { ttlMs: 1_000 });
    const first = await a.acquire('m6');
    if (!first.ok) throw new Error(first.error.message);

    clock.advance(1_000);
    const b = keeper('run-b', clock);
    const second = await b.acquire('m6');
    if (!second.ok) throw new Error(second.error.message);

    await a.release(first.value, 3);
    expect(await remoteRecord('m6')).toEqual({
      sha: second.value.sha,
      record: { holder: 'run-b', expiresAt: '2026-11-27T12:01:01.000Z' },
    });
  });

  it('fails at once when the remote refuses the push for a reason other than a race', async () => {
    const clock = fakeClock();
    await git(['--git-dir', remote, 'config', 'receive.hideRefs', 'refs/molecular']);
    const result = await keeper('run-a', clock).acquire('m9');
    expect(!result.ok && result.error.code).toBe('lock-failed');
    expect(!result.ok && result.error.message).toContain('deny updating a hidden ref');
    expect(clock.sleeps).toEqual([]);
  });

  it('fails with one line naming the problem and never the token when the remote cannot be reached', async () => {
    const clock = fakeClock();
    const token = 'ghs_sekritTokenValue1234';
    const env = remoteAuthEnv(join(root, 'missing.git'), token);
    const bad = keeper('run-a', clock, { url: join(root, 'missing.git'), env });

    const result = await bad.acquire('m7');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('lock-failed');
    expect(result.error.message).toMatch(
      /refs\/molecular\/locks\/m7 .*does not appear to be a git repository/,
    );
    expect(result.error.message).not.toContain('\n');
    for (const secret of [token, ...Object.values(env).filter((v) => v.length > 8)]) {
      expect(result.error.message).not.toContain(secret);
    }

    const lease: RefLease = {
      ref: lockRefFor('m7'),
      sha: EMPTY_TREE_SHA,
      holder: 'run-a',
      expiresAt: clock.now(),
    };
    const released = await bad.release(lease, 1).then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    expect(released).toMatch(/could not be given back .*does not appear to be a git repository/);
    expect(released).not.toContain('\n');
    expect(released).not.toContain(token);
  });
});

describe('createGitLeaseKeeper: what a step on the same runner could plant', () => {
  /**
   * A step's command runs as the same user between a job's two leases: it could rewrite the
   * keeper's private repository or the user's global git config to send the next push (and its
   * token) elsewhere. Here both redirect the remote to a decoy; the pushes must still reach the
   * real remote and nothing reaches the decoy.
   */
  it('reads no global config and throws away a private repository whose config changed', async () => {
    const decoy = join(root, 'decoy.git');
    await git(['init', '-q', '--bare', decoy]);
    const clock = fakeClock();
    const dir = join(root, 'planted');
    const a = keeper('run-a', clock, { dir });
    const first = await a.acquire('m9');
    if (!first.ok) throw new Error(first.error.message);
    const [repo] = (await readdir(dir)).filter((name) => name.startsWith('leases-'));
    const redirect = `[url "${decoy}"]\n\tinsteadOf = ${remote}\n`;
    await appendFile(join(dir, repo as string, 'config'), redirect);
    const home = join(root, 'home');
    await mkdir(home, { recursive: true });
    await writeFile(join(home, '.gitconfig'), redirect);
    const saved = { HOME: process.env.HOME, GIT_CONFIG_GLOBAL: process.env.GIT_CONFIG_GLOBAL };
    process.env.HOME = home;
    delete process.env.GIT_CONFIG_GLOBAL;
    try {
      await a.release(first.value, 3);
      const again = await a.acquire('m9');
      expect(again).toMatchObject({ ok: true, value: { minRev: 3 } });
    } finally {
      process.env.HOME = saved.HOME;
      if (saved.GIT_CONFIG_GLOBAL !== undefined) process.env.GIT_CONFIG_GLOBAL = saved.GIT_CONFIG_GLOBAL;
    }
    expect((await remoteRecord('m9'))?.record?.holder).toBe('run-a');
    expect(await git(['--git-dir', decoy, 'for-each-ref'])).toBe('');
    // The planted repository is gone; the keeper made a new one.
    expect((await readdir(dir)).filter((name) => name.startsWith('leases-'))).not.toContain(repo);
  });
});

describe('createGitLeaseKeeper: a long-lived keeper', () => {
  /** The private repositories under a keeper's folder now. */
  const privateRepos = async (dir: string) =>
    (await readdir(dir).catch(() => [] as string[])).filter((name) => name.startsWith('leases-'));

  it('makes its private repository anew after renewAfter lock commits and fetches, never under a lease being taken', async () => {
    const clock = fakeClock();
    const dir = join(root, 'renewing');
    const k = keeper('app-a', clock, { dir, renewAfter: 3 });
    const seen = new Set<string>();
    for (let round = 0; round < 4; round++) {
      // Leases of several molecules taken and given back at once, as one App's deliveries do.
      const ids = ['m1', 'm2', 'm3'].map((m) => `${m}-${round % 2}`);
      const leases = await Promise.all(ids.map((id) => k.acquire(id)));
      for (const name of await privateRepos(dir)) seen.add(name);
      await Promise.all(
        leases.map((lease, i) => {
          if (!lease.ok) throw new Error(lease.error.message);
          return k.release(lease.value, round * 10 + i);
        }),
      );
      for (const name of await privateRepos(dir)) seen.add(name);
    }
    // Every lease was given back with its rev, whichever repository it was taken in.
    expect((await remoteRecord('m2-1'))?.record).toMatchObject({ rev: 31, released: true });
    expect(seen.size).toBeGreaterThan(2);
    await vi.waitFor(async () => expect((await privateRepos(dir)).length).toBeLessThanOrEqual(1));
    await k.dispose();
    expect(await privateRepos(dir)).toEqual([]);
  });

  it('asks for the credentials before each call to the remote: a token that rotated is the one sent', async () => {
    const clock = fakeClock();
    const tokens = ['first-token-0001', 'second-token-0002'];
    let asked = 0;
    const remoteUrl = join(root, 'missing.git');
    const k = keeper('app-a', clock, {
      url: remoteUrl,
      env: async () => remoteAuthEnv(remoteUrl, tokens[Math.min(asked++, 1)] as string),
    });
    const first = await k.acquire('m1');
    const second = await k.acquire('m1');
    expect(asked).toBeGreaterThanOrEqual(2);
    // Unreachable: the line names the problem and neither token.
    for (const result of [first, second]) {
      expect(result.ok).toBe(false);
      const message = result.ok ? '' : result.error.message;
      for (const token of tokens) expect(message).not.toContain(token);
    }
  });
});
