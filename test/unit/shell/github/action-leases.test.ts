import { Octokit } from '@octokit/rest';
import { afterEach, describe, expect, it } from 'vitest';
import { actionLeaseKeeper } from '../../../../src/shell/github/action-leases.js';
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
    runnerTemp: git.root,
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
