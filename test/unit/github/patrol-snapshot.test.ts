/**
 * The patrol's one request (src/github/patrol-snapshot.ts) against the strict fake GitHub, which
 * checks the document against GitHub's schema: the config's text, the formulas folder's texts by
 * git blob sha, and the survey's first page; a repository without a config answers null, and
 * surveyMolecules takes the page without asking again.
 */
import { Octokit } from '@octokit/rest';
import { afterEach, describe, expect, it } from 'vitest';
import { readPatrolSnapshot } from '../../../src/github/patrol-snapshot.js';
import { defaultTrustedWriters } from '../../../src/github/store/comment-trust.js';
import { surveyMolecules } from '../../../src/github/survey.js';
import { blobSha, type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github/index.js';

let gh: FakeGitHub | undefined;
afterEach(async () => {
  expect(gh?.violations ?? []).toEqual([]);
  await gh?.close();
  gh = undefined;
});

const FORMULA = 'formula = "one"\n\n[[steps]]\nid = "a"\nrun = "true"\n';
const where = { ref: 'main', configPath: '.github/molecular.yml', formulasPath: '.github/formulas' };

async function world() {
  gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
  const octokit = new Octokit({ baseUrl: gh.url, auth: 'ghs_snapshot' });
  return { gh, octokit, repo: { owner: 'acme', repo: 'widgets' } };
}

describe('readPatrolSnapshot', () => {
  it('reads the config, the formulas by blob sha and the survey page in one request', async () => {
    const { gh, octokit, repo } = await world();
    gh.state.files.set('.github/molecular.yml', 'lock: none\n');
    gh.state.files.set('.github/formulas/one.formula.toml', FORMULA);
    gh.state.addIssue({ title: 'active', labels: ['molecule:active'] });
    const before = gh.requests.length;
    const snapshot = await readPatrolSnapshot(octokit, repo, where);
    expect(gh.requests.length - before).toBe(1);
    expect(snapshot.configText).toBe('lock: none\n');
    expect([...snapshot.blobs]).toEqual([[blobSha(FORMULA), FORMULA]]);
    expect(snapshot.firstPage.search.nodes).toHaveLength(1);

    const survey = await surveyMolecules(octokit, repo, {
      trust: { writers: defaultTrustedWriters('molecular'), editWindowMs: 60_000 },
      firstPage: snapshot.firstPage,
    });
    expect(survey).toMatchObject({ issues: 1, calls: 0 });
    expect(gh.requests.length - before).toBe(1);
  });

  it('answers null for a repository without a config or formulas', async () => {
    const { octokit, repo } = await world();
    const snapshot = await readPatrolSnapshot(octokit, repo, where);
    expect(snapshot.configText).toBeNull();
    expect(snapshot.blobs.size).toBe(0);
    expect(snapshot.firstPage.search.nodes).toEqual([]);
  });
});
