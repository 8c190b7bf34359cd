/**
 * Conditional reads (src/github/conditional-reads.ts) against the strict fake GitHub, which answers
 * an unchanged read asked with its ETag by 304 and leaves it out of the rate limit, as GitHub does:
 * the caller gets the same answer, the second read costs nothing, a changed file is read afresh,
 * and writes are never conditional.
 */
import { Octokit } from '@octokit/rest';
import { afterEach, describe, expect, it } from 'vitest';
import { conditionalReads, ReadCache } from '../../../src/github/conditional-reads.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github/index.js';

let gh: FakeGitHub | undefined;
afterEach(async () => {
  expect(gh?.violations ?? []).toEqual([]);
  await gh?.close();
  gh = undefined;
});

const read = (octokit: Octokit) =>
  octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
    owner: 'acme',
    repo: 'widgets',
    path: '.github/molecular.yml',
  });

describe('conditionalReads', () => {
  it('answers an unchanged read from the kept response after a 304 the rate limit does not count', async () => {
    gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
    gh.state.files.set('.github/molecular.yml', 'lock: none\n');
    const cache = new ReadCache();
    const octokit = new Octokit({ baseUrl: gh.url, auth: 'ghs_reads' });
    conditionalReads(octokit, cache);

    const first = await read(octokit);
    const left = gh.rateLimit.remaining;
    const second = await read(octokit);
    expect(second.status).toBe(200);
    expect(second.data).toEqual(first.data);
    expect(gh.requests.slice(-2).map((r) => r.status)).toEqual([200, 304]);
    expect(gh.rateLimit.remaining).toBe(left);
    expect(cache.notModified).toBe(1);

    gh.state.files.set('.github/molecular.yml', 'lock: ref\n');
    const third = await read(octokit);
    expect(Buffer.from((third.data as { content: string }).content, 'base64').toString()).toBe('lock: ref\n');
    expect(gh.requests.at(-1)?.status).toBe(200);
  });

  it('keeps reads across clients that share the cache (the App rebuilds its client per delivery)', async () => {
    gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
    gh.state.files.set('.github/molecular.yml', 'lock: none\n');
    const cache = new ReadCache();
    for (let i = 0; i < 2; i++) {
      const octokit = new Octokit({ baseUrl: gh.url, auth: 'ghs_reads' });
      conditionalReads(octokit, cache);
      await read(octokit);
    }
    expect(gh.requests.map((r) => r.status)).toEqual([200, 304]);
  });

  it('leaves writes alone', async () => {
    gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
    const issue = gh.state.addIssue({ title: 'x' }).number;
    const octokit = new Octokit({ baseUrl: gh.url, auth: 'ghs_reads' });
    conditionalReads(octokit);
    const post = () =>
      octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner: 'acme',
        repo: 'widgets',
        issue_number: issue,
        body: 'same',
      });
    await post();
    await post();
    expect(gh.requests.map((r) => r.status)).toEqual([201, 201]);
  });
});
