import { Octokit } from '@octokit/rest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acquireRefLock, LockCommits, releaseRefLock } from '../../../../src/github/store/ref-lock.js';
import { actionLeaseKeeper, gitFirstLeases } from '../../../../src/shell/github/action-leases.js';
import { type FakeGitHub, startFakeGitHub } from '../../../helpers/fake-github/index.js';
import { makeTempRepo, type TempRepo } from '../../../helpers/git.js';

const TOKEN = 'ghs_action_leases';
let gh: FakeGitHub;
let git: TempRepo;

afterEach(async () => {
  await gh?.close();
  await git?.cleanup();
});

async function world(serveGit: boolean) {
  gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
  git = await makeTempRepo();
  if (serveGit) gh.serveGit(git.remote);
  const warnings: string[] = [];
  const keeper = actionLeaseKeeper({
    octokit: new Octokit({ baseUrl: gh.url, auth: TOKEN, request: { retries: 0 } }),
    repo: { owner: 'acme', repo: 'widgets' },
    serverUrl: gh.origin,
    token: TOKEN,
    holder: 'github-actions[bot] runner:1',
    lockTtl: '2m',
    now: () => new Date(),
    warn: (message) => warnings.push(message),
  });
  return { keeper, warnings };
}

describe('actionLeaseKeeper', () => {
  it('takes and gives back the lease by git push: no API request, and the rev recorded', async () => {
    const { keeper, warnings } = await world(true);
    const lease = await keeper.acquire('12-a1b2c3');
    if (!lease.ok) throw new Error(lease.error.message);
    await keeper.release(lease.value, 4);
    const again = await keeper.acquire('12-a1b2c3');
    expect(again).toMatchObject({ ok: true, value: { minRev: 4 } });
    expect(keeper.recordsRev).toBe(true);
    expect(gh.requests).toEqual([]);
    expect(gh.gitRequests.filter((r) => r.service === 'receive-pack').length).toBeGreaterThanOrEqual(3);
    expect(warnings).toEqual([]);
  });

  it('falls back to the REST keeper for the rest of the job when git cannot reach the repository, and says so once', async () => {
    const { keeper, warnings } = await world(false);
    const first = await keeper.acquire('12-a1b2c3');
    if (!first.ok) throw new Error(first.error.message);
    expect(keeper.recordsRev).toBe(false);
    await keeper.release(first.value, 1);
    const second = await keeper.acquire('12-d4e5f6');
    if (!second.ok) throw new Error(second.error.message);
    await keeper.release(second.value, 1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`git could not reach ${gh.origin}/acme/widgets.git`);
    expect(warnings[0]).not.toContain(TOKEN);
    const refs = gh.requests.map((r) => `${r.method} ${r.operationId}`);
    expect(refs.filter((r) => r === 'POST git/create-ref')).toHaveLength(2);
    expect(refs.filter((r) => r === 'DELETE git/delete-ref')).toHaveLength(2);
    expect([...gh.state.refs.keys()].filter((r) => r.startsWith('refs/molecular/locks/'))).toEqual([]);
  });
});

describe('one lock ref, two keepers', () => {
  it('a lease the REST keeper holds keeps the git keeper out; a git release is taken over by the REST keeper with its rev', async () => {
    const { keeper } = await world(true);
    const octokit = new Octokit({ baseUrl: gh.url, auth: TOKEN, request: { retries: 0 } });
    let t = Date.now();
    const rest = {
      holder: 'molecular[bot] app:1',
      ttlMs: 60_000,
      waitMs: 2_000,
      commits: new LockCommits(),
      now: () => new Date(t),
      sleep: async (ms: number) => {
        t += ms;
      },
    };
    const repo = { owner: 'acme', repo: 'widgets' };
    const byApi = await acquireRefLock(octokit, repo, '12-a1b2c3', rest);
    if (!byApi.ok) throw new Error(byApi.error.message);
    // The Action's keeper finds the REST lease held and waits; once it has looked, the App lets go.
    const waiting = keeper.acquire('12-a1b2c3');
    await vi.waitFor(() =>
      expect(gh.gitRequests.filter((r) => r.service === 'upload-pack').length).toBeGreaterThan(0),
    );
    await releaseRefLock(octokit, repo, byApi.value, new Date(t));
    const byGit = await waiting;
    if (!byGit.ok) throw new Error(byGit.error.message);
    expect(byGit.value.fresh).toBe(true);
    await keeper.release(byGit.value, 6);
    const takenOver = await acquireRefLock(octokit, repo, '12-a1b2c3', rest);
    expect(takenOver).toMatchObject({ ok: true, value: { minRev: 6 } });
    // The git keeper sees the REST lease as held, by its holder.
    const held = await actionLeaseKeeperFor().acquire('12-a1b2c3');
    expect(held).toMatchObject({ ok: false, error: { code: 'lock-held' } });
    expect(!held.ok && held.error.message).toContain('molecular[bot] app:1');
  });
});

/** A second job's keeper on the same world, waiting no more than a moment. */
function actionLeaseKeeperFor() {
  let t = Date.now();
  return actionLeaseKeeper({
    octokit: new Octokit({ baseUrl: gh.url, auth: TOKEN, request: { retries: 0 } }),
    repo: { owner: 'acme', repo: 'widgets' },
    serverUrl: gh.origin,
    token: TOKEN,
    holder: 'github-actions[bot] runner:2',
    lockTtl: '2m',
    now: () => new Date(t),
    sleep: async (ms) => {
      t += ms;
    },
    warn: () => {},
  });
}

describe('gitFirstLeases (the App’s, one per repository)', () => {
  it('tries git again once retryGitAfterMs has passed since it failed, saying so only the first time', async () => {
    gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
    git = await makeTempRepo();
    let t = Date.now();
    const warnings: string[] = [];
    const leases = gitFirstLeases({
      repo: { owner: 'acme', repo: 'widgets' },
      gitBaseUrl: gh.origin,
      token: async () => TOKEN,
      holder: 'molecular[bot] app:1',
      lockTtl: '2m',
      now: () => new Date(t),
      warn: (message) => warnings.push(message),
      retryGitAfterMs: 600_000,
    });
    const octokit = new Octokit({ baseUrl: gh.url, auth: TOKEN, request: { retries: 0 } });
    const cycle = async () => {
      const keeper = leases.keeper(octokit);
      const lease = await keeper.acquire('12-a1b2c3');
      if (!lease.ok) throw new Error(lease.error.message);
      await keeper.release(lease.value, 1);
      return keeper;
    };
    const refCalls = () => gh.requests.filter((r) => r.operationId === 'git/create-ref').length;

    // Git is not served: over the API, said once; still over the API a moment later, not said again.
    expect((await cycle()).recordsRev).toBe(false);
    t += 60_000;
    await cycle();
    expect(refCalls()).toBe(2);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('for 10 min at a time');

    // GitHub serves git again; ten minutes after the failure the keeper pushes.
    gh.serveGit(git.remote);
    t += 600_000;
    const byGit = await cycle();
    expect(byGit.recordsRev).toBe(true);
    expect(refCalls()).toBe(2);
    expect(gh.gitRequests.filter((r) => r.service === 'receive-pack').length).toBeGreaterThanOrEqual(2);
    expect(warnings).toHaveLength(1);
    await leases.dispose();
  });
});
