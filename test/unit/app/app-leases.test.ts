/**
 * The App's git lease keepers against the fake GitHub serving the repository's git beside its API:
 * one keeper per repository, the most recent ones kept; the installation token asked for each
 * request (it speaks git's smart HTTP itself: the host needs no git).
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Octokit } from '@octokit/rest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppLeaseOptions, AppLeases } from '../../../src/app/app-leases.js';
import type { GitHubClient } from '../../../src/github/client.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github/index.js';
import { bareRemote } from '../../helpers/simulated-runner.js';

const LOCK = { lockTtl: '2m', holder: 'molecular[bot] app:1' };
const WIDGETS = { owner: 'acme', repo: 'widgets' };

let gh: FakeGitHub;
let root: string;
let leases: AppLeases | undefined;
let token: string;
let warnings: string[];

beforeEach(async () => {
  gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main', appSlug: 'molecular' });
  root = await realpath(await mkdtemp(join(tmpdir(), 'mol-app-leases-')));
  gh.serveGit(await bareRemote(root));
  token = 'ghs_installation_one';
  warnings = [];
});

afterEach(async () => {
  await leases?.close();
  leases = undefined;
  await gh.close();
  await rm(root, { recursive: true, force: true });
});

/** An installation client as Probot's: `auth({ type: 'installation' })` answers its current token. */
function installationClient(): GitHubClient & { auth: (o: unknown) => Promise<{ token: string }> } {
  const octokit = new Octokit({ baseUrl: gh.url, auth: token, request: { retries: 0 } });
  return Object.assign(octokit, { auth: async () => ({ token }) });
}

function appLeases(more: Partial<AppLeaseOptions> = {}): AppLeases {
  leases = new AppLeases({
    now: () => new Date(),
    warn: (message) => warnings.push(message),
    ...more,
  });
  return leases;
}

describe('AppLeases', () => {
  it('takes the lease by git push, asking the installation for its token before each push: a rotated token is used', async () => {
    const app = appLeases();
    const keeper = await app.keeperFor(installationClient(), WIDGETS, LOCK);
    if (!keeper) throw new Error('no git keeper');
    const first = await keeper.acquire('7-a1b2c3');
    if (!first.ok) throw new Error(first.error.message);
    await keeper.release(first.value, 3);
    // The installation's token rotates; the old one is refused from now on.
    gh.badTokens.add(token);
    token = 'ghs_installation_two';
    const again = await (await app.keeperFor(installationClient(), WIDGETS, LOCK))?.acquire('7-a1b2c3');
    expect(again).toMatchObject({ ok: true, value: { minRev: 3 } });
    expect(gh.requests.map((r) => r.operationId)).not.toContain('git/create-ref');
    expect(gh.requests).toEqual([]);
    expect(gh.gitRequests.filter((r) => r.service === 'receive-pack').length).toBeGreaterThanOrEqual(3);
    expect(warnings).toEqual([]);
  });

  it('keeps a keeper for the most recent repositories only: one pushed out is made anew when its repository is back', async () => {
    const app = appLeases({ maxRepos: 1 });
    const widgets = await app.keeperFor(installationClient(), WIDGETS, LOCK);
    const lease = await widgets?.acquire('7-a1b2c3');
    if (!lease?.ok) throw new Error('no lease');
    await widgets?.release(lease.value, 1);
    await app.keeperFor(installationClient(), { owner: 'acme', repo: 'gadgets' }, LOCK);
    expect(app.size).toBe(1);
    // Back to the first repository: a keeper made anew, its first lease by git again.
    const back = await (await app.keeperFor(installationClient(), WIDGETS, LOCK))?.acquire('7-a1b2c3');
    expect(back).toMatchObject({ ok: true, value: { minRev: 1 } });
    expect(app.size).toBe(1);
  });

  it('makes a keeper anew when the config’s lock_ttl changed', async () => {
    const app = appLeases();
    const before = await app.keeperFor(installationClient(), WIDGETS, LOCK);
    const lease = await before?.acquire('7-a1b2c3');
    if (!lease?.ok) throw new Error('no lease');
    await before?.release(lease.value, 1);
    const after = await app.keeperFor(installationClient(), WIDGETS, { ...LOCK, lockTtl: '5m' });
    const taken = await after?.acquire('7-a1b2c3');
    if (!taken?.ok) throw new Error('no lease');
    expect(taken.value.expiresAt.getTime() - Date.now()).toBeGreaterThan(120_000);
    expect(app.size).toBe(1);
  });

  it('takes no git keeper when told not to (MOLECULAR_GIT_URL=off), silently', async () => {
    const app = appLeases({ gitBaseUrl: false });
    expect(await app.keeperFor(installationClient(), WIDGETS, LOCK)).toBeUndefined();
    expect(warnings).toEqual([]);
  });
});
