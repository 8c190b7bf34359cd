import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  acquireRefLock,
  EMPTY_TREE_SHA,
  LockCommits,
  lockRefFor,
  type RefLockOptions,
  releaseRefLock,
} from '../../../../src/github/store/ref-lock.js';

const API = 'https://api.github.com';
const repo = { owner: 'acme', repo: 'widgets' };
const octokit = () => new Octokit({ request: { retries: 0 } });
const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const REF_PATH = '/repos/acme/widgets/git/ref/molecular%2Flocks%2F12-abc';
const REFS_PATH = '/repos/acme/widgets/git/refs/molecular%2Flocks%2F12-abc';
const sha = (c: string) => c.repeat(40);

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

/** A clock that only moves when the lock sleeps, so waits cost no real time. */
function clock(): RefLockOptions & { slept: number[] } {
  let t = T0;
  const slept: number[] = [];
  return {
    holder: 'run-42',
    ttlMs: 60_000,
    waitMs: 5_000,
    pollMs: 1_000,
    commits: new LockCommits(),
    now: () => new Date(t),
    sleep: async (ms) => {
      slept.push(ms);
      t += ms;
    },
    slept,
  };
}

const lockMessage = (holder: string, expiresAt: string) =>
  `molecular lock\n\n${JSON.stringify({ holder, expiresAt })}\n`;

describe('acquireRefLock', () => {
  it('creates a lock commit (empty tree, no parent) and the ref pointing at it: 2 calls', async () => {
    const options = clock();
    let commitBody: Record<string, unknown> = {};
    nock(API)
      .post('/repos/acme/widgets/git/commits', (body) => {
        commitBody = body;
        return true;
      })
      .reply(201, { sha: sha('1') })
      .post('/repos/acme/widgets/git/refs', { ref: 'refs/molecular/locks/12-abc', sha: sha('1') })
      .reply(201, {});
    const lease = await acquireRefLock(octokit(), repo, '12-abc', options);
    expect(lease).toEqual({
      ok: true,
      value: {
        ref: 'refs/molecular/locks/12-abc',
        sha: sha('1'),
        holder: 'run-42',
        expiresAt: new Date(T0 + 60_000),
      },
    });
    expect(commitBody).toEqual({
      message: lockMessage('run-42', '2026-03-01T12:01:00.000Z'),
      tree: EMPTY_TREE_SHA,
      parents: [],
    });
  });

  it('reuses its lock commit for the next lease while most of it is ahead: 1 call, then 2 past half the lease; never for another holder or repository', async () => {
    const options = clock();
    nock(API)
      .post('/repos/acme/widgets/git/commits')
      .reply(201, { sha: sha('1') })
      .post('/repos/acme/widgets/git/refs', { ref: 'refs/molecular/locks/12-abc', sha: sha('1') })
      .reply(201, {})
      .post('/repos/acme/widgets/git/refs', { ref: 'refs/molecular/locks/other', sha: sha('1') })
      .reply(201, {})
      .post('/repos/acme/widgets/git/commits')
      .reply(201, { sha: sha('2') })
      .post('/repos/acme/widgets/git/refs', { ref: 'refs/molecular/locks/12-abc', sha: sha('2') })
      .reply(201, {})
      .post('/repos/acme/widgets/git/commits')
      .reply(201, { sha: sha('3') })
      .post('/repos/acme/widgets/git/refs', { ref: 'refs/molecular/locks/other', sha: sha('3') })
      .reply(201, {})
      .post('/repos/acme/gadgets/git/commits')
      .reply(201, { sha: sha('4') })
      .post('/repos/acme/gadgets/git/refs', { ref: 'refs/molecular/locks/other', sha: sha('4') })
      .reply(201, {});
    const first = await acquireRefLock(octokit(), repo, '12-abc', options);
    const second = await acquireRefLock(octokit(), repo, 'other', options);
    // The shared commit's expiry is the lease's: the second lease ends when the first would.
    expect(second.ok && second.value.expiresAt).toEqual(first.ok && first.value.expiresAt);
    await options.sleep(30_001);
    const third = await acquireRefLock(octokit(), repo, '12-abc', options);
    expect(third.ok && third.value).toEqual({
      ref: 'refs/molecular/locks/12-abc',
      sha: sha('2'),
      holder: 'run-42',
      expiresAt: new Date(T0 + 30_001 + 60_000),
    });
    const another = await acquireRefLock(octokit(), repo, 'other', { ...options, holder: 'run-43' });
    expect(another.ok && another.value.sha).toBe(sha('3'));
    const elsewhere = await acquireRefLock(octokit(), { owner: 'acme', repo: 'gadgets' }, 'other', options);
    expect(elsewhere.ok && elsewhere.value.sha).toBe(sha('4'));
  });

  it('waits while a live lock is held, then takes it when it is released (reusing its lock commit)', async () => {
    const options = clock();
    nock(API)
      .post('/repos/acme/widgets/git/commits')
      .once()
      .reply(201, { sha: sha('1') })
      .post('/repos/acme/widgets/git/refs')
      .reply(422, { message: 'Reference already exists' })
      .get(REF_PATH)
      .reply(200, { ref: 'refs/molecular/locks/12-abc', object: { sha: sha('9'), type: 'commit' } })
      .get(`/repos/acme/widgets/git/commits/${sha('9')}`)
      .reply(200, { sha: sha('9'), message: lockMessage('run-7', '2026-03-01T12:00:30.000Z'), committer: {} })
      .get(REF_PATH)
      .reply(200, { ref: 'refs/molecular/locks/12-abc', object: { sha: sha('9'), type: 'commit' } })
      .get(REF_PATH)
      .reply(404, {})
      .post('/repos/acme/widgets/git/refs', { ref: 'refs/molecular/locks/12-abc', sha: sha('1') })
      .reply(201, {});
    const lease = await acquireRefLock(octokit(), repo, '12-abc', options);
    expect(lease.ok).toBe(true);
    // Looked at once, then after 50 ms and 100 ms: the holder's commit read once, no create while held.
    expect(options.slept).toEqual([50, 100]);
  });

  it('gives up with lock-held, naming the holder and the expiry, once the wait is spent', async () => {
    const options = clock();
    nock(API)
      .post('/repos/acme/widgets/git/commits')
      .reply(201, { sha: sha('1') })
      .post('/repos/acme/widgets/git/refs')
      .once()
      .reply(422, { message: 'Reference already exists' })
      .get(REF_PATH)
      .times(10)
      .reply(200, { object: { sha: sha('9') } })
      .get(`/repos/acme/widgets/git/commits/${sha('9')}`)
      .once()
      .reply(200, {
        sha: sha('9'),
        message: lockMessage('run-7', '2026-03-01T12:00:59.000Z'),
        committer: {},
      });
    const lease = await acquireRefLock(octokit(), repo, '12-abc', options);
    expect(lease.ok).toBe(false);
    if (!lease.ok) {
      expect(lease.error.code).toBe('lock-held');
      expect(lease.error.message).toBe(
        'molecule 12-abc is being changed by run-7 (lock held until 2026-03-01T12:00:59.000Z); nothing was written, try again shortly',
      );
    }
    // Pauses double up to pollMs; the last is cut to the wait left. 12 calls over 5 s.
    expect(options.slept).toEqual([50, 100, 200, 400, 800, 1_000, 1_000, 1_000, 450]);
  });

  it('takes over a stale lock by fast-forwarding the ref to a child of the stale commit', async () => {
    const options = clock();
    let takeover: Record<string, unknown> = {};
    nock(API)
      .post('/repos/acme/widgets/git/commits', (body) => (body as { parents: string[] }).parents.length === 0)
      .reply(201, { sha: sha('1') })
      .post('/repos/acme/widgets/git/refs')
      .reply(422, { message: 'Reference already exists' })
      .get(REF_PATH)
      .reply(200, { object: { sha: sha('9') } })
      .get(`/repos/acme/widgets/git/commits/${sha('9')}`)
      .reply(200, {
        sha: sha('9'),
        message: lockMessage('run-dead', '2026-03-01T11:59:00.000Z'),
        committer: {},
      })
      .post('/repos/acme/widgets/git/commits', (body) => {
        takeover = body;
        return true;
      })
      .reply(201, { sha: sha('2') })
      .patch(REFS_PATH, { sha: sha('2'), force: false })
      .reply(200, {});
    const lease = await acquireRefLock(octokit(), repo, '12-abc', options);
    expect(lease.ok && lease.value.sha).toBe(sha('2'));
    expect(takeover.parents).toEqual([sha('9')]);
    expect(options.slept).toEqual([]);
  });

  it('takes over at once a lease a git holder gave back, and passes on the rev it recorded as minRev', async () => {
    const options = clock();
    const released = `molecular lock\n\n${JSON.stringify({ holder: 'github-actions[bot] runner:7', expiresAt: '2026-03-01T11:59:59.000Z', released: true, rev: 9 })}\n`;
    nock(API)
      .post('/repos/acme/widgets/git/commits')
      .reply(201, { sha: sha('1') })
      .post('/repos/acme/widgets/git/refs')
      .reply(422, { message: 'Reference already exists' })
      .get(REF_PATH)
      .reply(200, { object: { sha: sha('9') } })
      .get(`/repos/acme/widgets/git/commits/${sha('9')}`)
      .reply(200, { sha: sha('9'), message: released, committer: {} })
      .post(
        '/repos/acme/widgets/git/commits',
        (body) => (body as { parents: string[] }).parents[0] === sha('9'),
      )
      .reply(201, { sha: sha('2') })
      .patch(REFS_PATH, { sha: sha('2'), force: false })
      .reply(200, {});
    const lease = await acquireRefLock(octokit(), repo, '12-abc', options);
    expect(lease).toMatchObject({ ok: true, value: { sha: sha('2'), minRev: 9 } });
    expect(options.slept).toEqual([]);
  });

  it('makes a new lock commit when the repository no longer holds the one it kept (422 "Object does not exist")', async () => {
    const options = clock();
    nock(API)
      .post('/repos/acme/widgets/git/commits')
      .reply(201, { sha: sha('1') })
      .post('/repos/acme/widgets/git/refs', { ref: 'refs/molecular/locks/12-abc', sha: sha('1') })
      .reply(201, {});
    const first = await acquireRefLock(octokit(), repo, '12-abc', options);
    if (!first.ok) throw new Error(first.error.message);
    nock(API)
      .post('/repos/acme/widgets/git/refs', { ref: 'refs/molecular/locks/12-abc', sha: sha('1') })
      .reply(422, { message: 'Object does not exist' })
      .post('/repos/acme/widgets/git/commits')
      .reply(201, { sha: sha('2') })
      .post('/repos/acme/widgets/git/refs', { ref: 'refs/molecular/locks/12-abc', sha: sha('2') })
      .reply(201, {});
    const again = await acquireRefLock(octokit(), repo, '12-abc', options);
    expect(again).toMatchObject({ ok: true, value: { sha: sha('2') } });
    expect(options.slept).toEqual([]);
  });

  it('judges a lock commit it cannot read by its commit date plus the TTL', async () => {
    const options = clock();
    nock(API)
      .post('/repos/acme/widgets/git/commits')
      .reply(201, { sha: sha('1') })
      .post('/repos/acme/widgets/git/refs')
      .reply(422, {})
      .get(REF_PATH)
      .reply(200, { object: { sha: sha('9') } })
      .get(`/repos/acme/widgets/git/commits/${sha('9')}`)
      .reply(200, { sha: sha('9'), message: 'something else', committer: { date: '2026-03-01T11:58:00Z' } })
      .post('/repos/acme/widgets/git/commits')
      .reply(201, { sha: sha('2') })
      .patch(REFS_PATH)
      .reply(200, {});
    expect((await acquireRefLock(octokit(), repo, '12-abc', options)).ok).toBe(true);
  });

  it('when another waiter wins the takeover (422: not a fast-forward), it waits for that one', async () => {
    const options = { ...clock(), waitMs: 500 };
    nock(API)
      .post('/repos/acme/widgets/git/commits')
      .reply(201, { sha: sha('1') })
      .post('/repos/acme/widgets/git/refs')
      .reply(422, {})
      .get(REF_PATH)
      .reply(200, { object: { sha: sha('9') } })
      .get(`/repos/acme/widgets/git/commits/${sha('9')}`)
      .reply(200, {
        sha: sha('9'),
        message: lockMessage('run-dead', '2026-03-01T11:00:00.000Z'),
        committer: {},
      })
      .post('/repos/acme/widgets/git/commits')
      .reply(201, { sha: sha('2') })
      .patch(REFS_PATH)
      .reply(422, { message: 'Update is not a fast forward' })
      .get(REF_PATH)
      .times(4)
      .reply(200, { object: { sha: sha('3') } })
      .get(`/repos/acme/widgets/git/commits/${sha('3')}`)
      .once()
      .reply(200, {
        sha: sha('3'),
        message: lockMessage('run-fast', '2026-03-01T12:01:00.000Z'),
        committer: {},
      });
    const lease = await acquireRefLock(octokit(), repo, '12-abc', options);
    expect(!lease.ok && lease.error.message).toMatch(/being changed by run-fast/);
    expect(options.slept).toEqual([100, 200, 200]);
  });

  it('takes at once a ref left on its own lock commit (a release of its own that failed), without waiting on itself', async () => {
    const options = clock();
    nock(API)
      .post('/repos/acme/widgets/git/commits')
      .once()
      .reply(201, { sha: sha('1') })
      .post('/repos/acme/widgets/git/refs')
      .reply(201, {})
      .delete(REFS_PATH)
      .reply(500, { message: 'boom' })
      .post('/repos/acme/widgets/git/refs')
      .reply(422, { message: 'Reference already exists' })
      .get(REF_PATH)
      .reply(200, { object: { sha: sha('1') } });
    const first = await acquireRefLock(octokit(), repo, '12-abc', options);
    if (!first.ok) throw new Error(first.error.message);
    await expect(releaseRefLock(octokit(), repo, first.value, new Date(T0))).rejects.toThrow();
    // The next write of this process finds the ref on the commit it shares between its leases.
    const again = await acquireRefLock(octokit(), repo, '12-abc', options);
    expect(again).toEqual(first);
    expect(options.slept).toEqual([]);
  });

  it('retries at once when the lock vanished between its attempt and its look', async () => {
    const options = clock();
    nock(API)
      .post('/repos/acme/widgets/git/commits')
      .reply(201, { sha: sha('1') })
      .post('/repos/acme/widgets/git/refs')
      .reply(422, {})
      .get(REF_PATH)
      .reply(404, {})
      .post('/repos/acme/widgets/git/refs')
      .reply(201, {});
    expect((await acquireRefLock(octokit(), repo, '12-abc', options)).ok).toBe(true);
    expect(options.slept).toEqual([]);
  });

  it('keeps ids that are not ref-safe inside one path segment', () => {
    expect(lockRefFor('12-abc')).toBe('refs/molecular/locks/12-abc');
    expect(lockRefFor('a..b')).toMatch(/^refs\/molecular\/locks\/x-[0-9a-f]+$/);
    expect(lockRefFor('x.lock')).not.toMatch(/\.lock$/);
  });
});

describe('releaseRefLock', () => {
  const lease = {
    ref: 'refs/molecular/locks/12-abc',
    sha: sha('1'),
    holder: 'run-42',
    expiresAt: new Date(T0 + 60_000),
  };

  it('deletes the ref in one call while the lease runs', async () => {
    nock(API).delete(REFS_PATH).reply(204);
    await releaseRefLock(octokit(), repo, lease, new Date(T0 + 1_000));
  });

  it('after the lease ran out, deletes only a ref that is still its own', async () => {
    nock(API)
      .get(REF_PATH)
      .reply(200, { object: { sha: sha('5') } });
    await releaseRefLock(octokit(), repo, lease, new Date(T0 + 61_000));
    nock(API)
      .get(REF_PATH)
      .reply(200, { object: { sha: sha('1') } })
      .delete(REFS_PATH)
      .reply(204);
    await releaseRefLock(octokit(), repo, lease, new Date(T0 + 61_000));
  });

  it('is content when the ref is already gone', async () => {
    nock(API).delete(REFS_PATH).reply(422, { message: 'Reference does not exist' });
    await releaseRefLock(octokit(), repo, lease, new Date(T0));
  });
});
