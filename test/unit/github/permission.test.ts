import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getPermission, PermissionCache } from '../../../src/github/permission.js';

const API = 'https://api.github.com';
const repo = { owner: 'acme', repo: 'widgets' };
const octokit = () => new Octokit({ request: { retries: 0 } });
const route = (user: string) => `/repos/acme/widgets/collaborators/${user}/permission`;

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

describe('getPermission', () => {
  it('reads role_name, not author_association', async () => {
    nock(API).get(route('alice')).reply(200, { permission: 'write', role_name: 'maintain', user: null });
    expect(await getPermission(octokit(), repo, 'alice', new PermissionCache())).toBe('maintain');
  });

  it('falls back to the base permission for a custom role', async () => {
    nock(API)
      .get(route('carol'))
      .reply(200, { permission: 'write', role_name: 'release-manager', user: null });
    expect(await getPermission(octokit(), repo, 'carol', new PermissionCache())).toBe('write');
  });

  it('answers none for a 404 (not a collaborator)', async () => {
    nock(API).get(route('mallory')).reply(404, { message: 'Not Found' });
    expect(await getPermission(octokit(), repo, 'mallory', new PermissionCache())).toBe('none');
  });

  it('serves a second look-up from the cache, until the TTL passes', async () => {
    let now = 1_000;
    const cache = new PermissionCache({ ttlMs: 60_000, now: () => now });
    const first = nock(API)
      .get(route('bob'))
      .reply(200, { permission: 'read', role_name: 'triage', user: null });
    expect(await getPermission(octokit(), repo, 'bob', cache)).toBe('triage');
    expect(first.isDone()).toBe(true);
    // No interceptor is left: a second request would fail with a nock "no match" error.
    now += 59_999;
    expect(await getPermission(octokit(), repo, 'BOB', cache)).toBe('triage');
    now += 1;
    nock(API).get(route('bob')).reply(200, { permission: 'write', role_name: 'write', user: null });
    expect(await getPermission(octokit(), repo, 'bob', cache)).toBe('write');
  });

  it('keeps repositories apart in the cache', async () => {
    const cache = new PermissionCache();
    nock(API).get(route('dave')).reply(200, { permission: 'admin', role_name: 'admin', user: null });
    nock(API).get('/repos/acme/other/collaborators/dave/permission').reply(404, {});
    expect(await getPermission(octokit(), repo, 'dave', cache)).toBe('admin');
    expect(await getPermission(octokit(), { owner: 'acme', repo: 'other' }, 'dave', cache)).toBe('none');
  });

  it('throws on a server error instead of guessing a permission', async () => {
    nock(API).get(route('erin')).reply(500, { message: 'boom' });
    await expect(getPermission(octokit(), repo, 'erin', new PermissionCache())).rejects.toMatchObject({
      status: 500,
    });
  });
});
