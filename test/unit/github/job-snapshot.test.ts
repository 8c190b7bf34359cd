/**
 * A step job's first read (src/github/job-snapshot.ts) against the strict fake GitHub, which checks
 * the document against GitHub's schema: the config and the issue's comments in one request, the
 * listing handed to the store once, for its issue only and only while fresh, so every later read
 * (under the lease, after a write) goes to GitHub.
 */
import { Octokit } from '@octokit/rest';
import { afterEach, describe, expect, it } from 'vitest';
import { JOB_SNAPSHOT_FRESH_MS, readJobSnapshot } from '../../../src/github/job-snapshot.js';
import { actorFor, type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github/index.js';

let gh: FakeGitHub | undefined;
afterEach(async () => {
  expect(gh?.violations ?? []).toEqual([]);
  await gh?.close();
  gh = undefined;
});

async function world() {
  gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
  const issue = gh.state.addIssue({ title: 'x' }).number;
  gh.state.addComment(issue, 'hello', actorFor('alice'));
  const octokit = new Octokit({ baseUrl: gh.url, auth: 'ghs_job' });
  return { gh, octokit, issue, repo: { owner: 'acme', repo: 'widgets' } };
}

const where = (issue: number) => ({ ref: 'main', configPath: '.github/molecular.yml', issue });

describe('readJobSnapshot', () => {
  it('reads the config and the comments in one request and hands the listing over once', async () => {
    const { gh, octokit, issue, repo } = await world();
    gh.state.files.set('.github/molecular.yml', 'lock: ref\n');
    const t = new Date('2026-05-01T10:00:00Z');
    const snapshot = await readJobSnapshot(octokit, repo, where(issue), () => t);
    expect(gh.requests.map((r) => r.graphqlOperation)).toEqual(['MolecularJobSnapshot']);
    expect(snapshot.configText).toBe('lock: ref\n');
    expect(snapshot.alreadyListed(issue)?.map((c) => [c.author, c.body])).toEqual([['alice', 'hello']]);
    expect(snapshot.alreadyListed(issue)).toBeUndefined();
  });

  it('does not hand over a listing gone stale, nor one of another issue', async () => {
    const { octokit, issue, repo } = await world();
    let now = new Date('2026-05-01T10:00:00Z');
    const stale = await readJobSnapshot(octokit, repo, where(issue), () => now);
    now = new Date(now.getTime() + JOB_SNAPSHOT_FRESH_MS + 1);
    expect(stale.alreadyListed(issue)).toBeUndefined();
    const other = await readJobSnapshot(octokit, repo, where(issue), () => now);
    expect(other.alreadyListed(issue + 1)).toBeUndefined();
    expect(other.configText).toBeNull();
  });

  it('still reads the config when the issue is gone', async () => {
    const { gh, octokit, repo } = await world();
    gh.state.files.set('.github/molecular.yml', 'lock: none\n');
    const snapshot = await readJobSnapshot(octokit, repo, where(999), () => new Date());
    expect(snapshot.configText).toBe('lock: none\n');
    expect(snapshot.alreadyListed(999)).toBeUndefined();
  });

  it('reads the formulas folder in the same request only when asked, keyed by path with its blob sha', async () => {
    const { gh, octokit, issue, repo } = await world();
    gh.state.files.set('.github/formulas/pair.formula.toml', 'formula = "pair"\n');
    gh.state.files.set('.github/formulas/nested/inner.formula.toml', 'formula = "inner"\n');
    const without = await readJobSnapshot(octokit, repo, where(issue), () => new Date());
    expect(without.formulaFiles.size).toBe(0);
    const asked = await readJobSnapshot(
      octokit,
      repo,
      { ...where(issue), formulasPath: '.github/formulas/' },
      () => new Date(),
    );
    expect(gh.requests.map((r) => r.graphqlOperation)).toEqual([
      'MolecularJobSnapshot',
      'MolecularJobSnapshot',
    ]);
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
      ...repo,
      path: '.github/formulas/pair.formula.toml',
      ref: 'main',
    });
    // A folder inside is no file: only the folder's own files are kept.
    expect([...asked.formulaFiles.entries()]).toEqual([
      [
        '.github/formulas/pair.formula.toml',
        {
          path: '.github/formulas/pair.formula.toml',
          sha: (data as { sha: string }).sha,
          text: 'formula = "pair"\n',
        },
      ],
    ]);
  });
});
