/**
 * The git lease keeper against real git: the fake GitHub serves a bare repository through `git
 * http-backend` (test/helpers/fake-github/git-http.ts), and the keeper speaks smart HTTP to it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RefLease } from '../../../../src/github/store/lease.js';
import { formatLockRecord, parseLockRecord } from '../../../../src/github/store/lock-record.js';
import { EMPTY_TREE_SHA, lockRefFor } from '../../../../src/github/store/ref-lock.js';
import { createGitLeaseKeeper, type GitLeaseOptions } from '../../../../src/shell/github/git-lease.js';
import { startChaosProxy } from '../../../helpers/chaos/chaos-proxy.js';
import { type FakeGitHub, startFakeGitHub } from '../../../helpers/fake-github/index.js';

const run = promisify(execFile);
const IDENTITY = ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false'];
const TOKEN = 'ghs_git_lease_token_1234';

let root: string;
let remote: string;
let gh: FakeGitHub;
let url: string;
const closers: (() => Promise<unknown>)[] = [];

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
  const made = createGitLeaseKeeper({
    url,
    token: TOKEN,
    holder,
    ttlMs: 60_000,
    waitMs: 5_000,
    now: clock.now,
    sleep: clock.sleep,
    ...more,
  });
  closers.push(() => made.dispose());
  return made;
}

/** Git requests the fake served since `from` (an index into gh.gitRequests). */
const gitCalls = (from = 0) => gh.gitRequests.length - from;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'mol-git-lease-')));
  remote = join(root, 'remote.git');
  await git(['init', '-q', '--bare', remote]);
  gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
  gh.serveGit(remote);
  url = `${gh.origin}/acme/widgets.git`;
});

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await gh.close();
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
    // The token went with every request, as Basic `x-access-token:<token>`.
    expect(gh.gitRequests.every((r) => r.login !== null)).toBe(true);
  });

  it('costs one push to take back a lease it gave back last, and no fetch to look at a record it wrote', async () => {
    const clock = fakeClock();
    const a = keeper('run-a', clock);
    const first = await a.acquire('m8');
    if (!first.ok) throw new Error(first.error.message);
    await a.release(first.value, 4);

    let from = gitCalls();
    const again = await a.acquire('m8');
    expect(again).toMatchObject({ ok: true, value: { minRev: 4 } });
    expect(gitCalls(from)).toBe(1);
    expect(gh.gitRequests.at(-1)?.service).toBe('receive-pack');
    if (!again.ok) return;

    // A lease whose release never happened is found by ls-refs alone: the record is its own.
    from = gitCalls();
    const own = await a.acquire('m8');
    expect(own.ok).toBe(true);
    expect(gh.gitRequests.slice(from).map((r) => r.service)).toEqual(['upload-pack', 'receive-pack']);
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
    // a's push expecting its own released record is refused: it looks, and learns b's rev.
    const after = await take(a);
    expect(after.minRev).toBe(9);
    expect((await remoteRecord('m8'))?.record?.holder).toBe('run-a');
  });

  it('waits for a fresh lease held by another, then gives up with lock-held naming the holder', async () => {
    const clock = fakeClock();
    const held = await keeper('run-a', clock).acquire('m2');
    if (!held.ok) throw new Error(held.error.message);

    const from = gitCalls();
    const result = await keeper('run-b', clock, { waitMs: 5_000, pollMs: 1_600 }).acquire('m2');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('lock-held');
    expect(result.error.message).toContain('run-a');
    expect(result.error.message).toContain('2026-11-27T12:01:00.000Z');
    // Looks start at 50 ms and double up to pollMs; the last pause stops at waitMs.
    expect(clock.sleeps).toEqual([50, 100, 200, 400, 800, 1_600, 1_600, 250]);
    expect((await remoteRecord('m2'))?.sha).toBe(held.value.sha);
    // The holder's commit is fetched once; each later look is one ls-refs (and the one
    // receive-pack capabilities GET, made alongside the first look).
    const upload = gh.gitRequests.slice(from).filter((r) => r.service === 'upload-pack').length;
    expect(upload).toBe(clock.sleeps.length + 2);
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

  it('lets exactly one of two keepers racing for a free lease in; the other sees it held', async () => {
    const clock = fakeClock();
    const [x, y] = await Promise.all([
      keeper('run-x', clock, { waitMs: 1_000 }).acquire('duel'),
      keeper('run-y', clock, { waitMs: 1_000 }).acquire('duel'),
    ]);
    const won = [x, y].filter((r) => r.ok);
    expect(won).toHaveLength(1);
    const winner = won[0]?.ok ? won[0].value : undefined;
    const lost = [x, y].find((r) => !r.ok);
    expect(lost).toMatchObject({ ok: false, error: { code: 'lock-held' } });
    expect(!lost?.ok && lost?.error.message).toContain(winner?.holder);
    expect((await remoteRecord('duel'))?.sha).toBe(winner?.sha);
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

    // The push names the old commit; the ref moved since, so git refuses it and a says nothing.
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

  it('takes the lease when its push was applied but the answer was lost: a look finds its own record', async () => {
    const proxy = await startChaosProxy(gh.origin);
    closers.push(() => proxy.close());
    let dropped = 0;
    proxy.decide = (request) => {
      if (request.path.endsWith('/git-receive-pack') && dropped === 0) {
        dropped += 1;
        return 'forward-then-drop';
      }
      return 'forward';
    };
    const clock = fakeClock();
    const a = keeper('run-a', clock, { url: `${proxy.url}/acme/widgets.git` });
    const lease = await a.acquire('m10');
    if (!lease.ok) throw new Error(lease.error.message);
    expect(dropped).toBe(1);
    expect(await remoteRecord('m10')).toEqual({
      sha: lease.value.sha,
      record: { holder: 'run-a', expiresAt: '2026-11-27T12:01:00.000Z' },
    });
  });
});

describe('createGitLeaseKeeper: through a proxy', () => {
  it('sends its requests through http_proxy, as the Octokit clients do', async () => {
    const port = Number(new URL(gh.origin).port);
    const tunnels: string[] = [];
    // A CONNECT proxy that knows git.example.test as the fake GitHub: nothing else resolves it.
    const proxy: Server = createServer();
    proxy.on('connect', (req, socket, head) => {
      tunnels.push(req.url ?? '');
      const upstream = connect(port, '127.0.0.1', () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise((resolve) => {
          proxy.closeAllConnections();
          proxy.close(resolve);
        }),
    );
    const saved = {
      http_proxy: process.env.http_proxy,
      no_proxy: process.env.no_proxy,
      NO_PROXY: process.env.NO_PROXY,
    };
    process.env.http_proxy = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    process.env.no_proxy = '';
    delete process.env.NO_PROXY;
    try {
      const k = keeper('run-a', fakeClock(), { url: `http://git.example.test:${port}/acme/widgets.git` });
      const lease = await k.acquire('m11');
      if (!lease.ok) throw new Error(lease.error.message);
      await k.dispose();
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    expect(tunnels.length).toBeGreaterThan(0);
    expect(new Set(tunnels)).toEqual(new Set([`git.example.test:${port}`]));
    expect((await remoteRecord('m11'))?.record?.holder).toBe('run-a');
  });
});

describe('createGitLeaseKeeper: a remote it cannot use fails with lock-failed, in one line without the token', () => {
  const expectFailed = async (k: ReturnType<typeof keeper>, pattern: RegExp) => {
    const result = await k.acquire('m7');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('lock-failed');
    expect(result.error.message).toMatch(pattern);
    expect(result.error.message).not.toContain('\n');
    expect(result.error.message).not.toContain(TOKEN);
    expect(result.error.message).not.toContain(Buffer.from(`x-access-token:${TOKEN}`).toString('base64'));
  };

  it('a refused token (401)', async () => {
    gh.badTokens.add(TOKEN);
    const k = keeper('run-a', fakeClock());
    await expectFailed(k, /refs\/molecular\/locks\/m7 .*refused the credentials \(HTTP 401\)/);
    const lease: RefLease = {
      ref: lockRefFor('m7'),
      sha: EMPTY_TREE_SHA,
      holder: 'run-a',
      expiresAt: new Date(),
    };
    const released = await k.release(lease, 1).then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    expect(released).toMatch(/could not be given back .*HTTP 401/);
    expect(released).not.toContain(TOKEN);
  });

  it('no repository there (404)', async () => {
    await expectFailed(
      keeper('run-a', fakeClock(), { url: `${gh.origin}/acme/nothing.git` }),
      /no git repository at .*nothing\.git \(HTTP 404\)/,
    );
  });

  it('a server that is not git', async () => {
    const server: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    const port = (server.address() as AddressInfo).port;
    await expectFailed(
      keeper('run-a', fakeClock(), { url: `http://127.0.0.1:${port}/acme/widgets.git` }),
      /is not a git server \(it answered text\/html\)/,
    );
  });

  it('a server that never answers, within the request timeout', async () => {
    const server: Server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    );
    const port = (server.address() as AddressInfo).port;
    await expectFailed(
      keeper('run-a', fakeClock(), {
        url: `http://127.0.0.1:${port}/acme/widgets.git`,
        requestTimeoutMs: 200,
      }),
      /no answer from .* within 200 ms/,
    );
  });

  it('asks for the token before each request: a token that rotated is the one sent', async () => {
    const clock = fakeClock();
    let current = 'ghs_first_token_0001';
    let asked = 0;
    const k = keeper('app-a', clock, {
      token: async () => {
        asked += 1;
        return current;
      },
    });
    const first = await k.acquire('m1');
    if (!first.ok) throw new Error(first.error.message);
    await k.release(first.value, 2);
    const before = asked;
    gh.badTokens.add(current);
    current = 'ghs_second_token_0002';
    const again = await k.acquire('m1');
    expect(again).toMatchObject({ ok: true, value: { minRev: 2 } });
    expect(asked).toBeGreaterThan(before);
  });
});
