import { Octokit } from '@octokit/rest';
import { afterEach, describe, expect, it } from 'vitest';
import { type CommentStoreOptions, createCommentStore } from '../../src/github/store/comment-store.js';
import { DEFAULT_EDIT_WINDOW_MS, defaultTrustedWriters } from '../../src/github/store/comment-trust.js';
import { KeyedMutex } from '../../src/github/store/keyed-mutex.js';
import { surveyMolecules } from '../../src/github/survey.js';
import { type FakeGitHub, startFakeGitHub } from '../helpers/fake-github/index.js';
import { loadSpec } from '../helpers/fake-github/spec.js';
import { completeStep, describeStoreConformance, makeMolecule } from './store-conformance.js';

const repo = { owner: 'acme', repo: 'widgets' };
/** The suite's molecules all live on #7, and its ids carry no issue number. */
const SUITE_ISSUE = 7;

async function fakeWithIssues(): Promise<FakeGitHub> {
  const gh = await startFakeGitHub({ ...repo, appSlug: 'molecular' });
  for (let n = 1; n <= SUITE_ISSUE; n++) gh.state.addIssue({ title: `issue ${n}` });
  return gh;
}

const octokitFor = (gh: FakeGitHub) =>
  new Octokit({ baseUrl: gh.url, auth: 'app-token', request: { retries: 0 } });

function storeOptions(gh: FakeGitHub, extra: Partial<CommentStoreOptions> = {}): CommentStoreOptions {
  return {
    octokit: octokitFor(gh),
    repo,
    trustedWriters: defaultTrustedWriters('molecular'),
    issueOf: () => SUITE_ISSUE,
    sleep: async () => {},
    ...extra,
  };
}

async function closeClean(gh: FakeGitHub): Promise<void> {
  await gh.close();
  expect(gh.violations).toEqual([]);
  expect(gh.responseViolations).toEqual([]);
}

describeStoreConformance('GitHub comment store (lock: none)', async () => {
  const gh = await fakeWithIssues();
  return {
    store: createCommentStore(storeOptions(gh)),
    cleanup: () => closeClean(gh),
    // Separate stores and clients; they share this process's mutex, as an app's per-event stores do.
    makeConcurrentStores: async (n) => Array.from({ length: n }, () => createCommentStore(storeOptions(gh))),
  };
});

// The ref lock needs the git commit operations; the fake serves only what its spec subset holds.
const hasGitCommits = '/repos/{owner}/{repo}/git/commits' in loadSpec().paths;

describe.runIf(hasGitCommits)('GitHub comment store (lock: ref)', () => {
  describeStoreConformance(
    'GitHub comment store (lock: ref, one mutex per store)',
    async () => {
      const gh = await fakeWithIssues();
      const refStore = () =>
        createCommentStore(
          storeOptions(gh, {
            lock: 'ref',
            mutex: new KeyedMutex(),
            lockWaitMs: 60_000,
            sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 20))),
          }),
        );
      return {
        store: refStore(),
        cleanup: () => closeClean(gh),
        makeConcurrentStores: async (n) => Array.from({ length: n }, refStore),
      };
    },
    { concurrency: 8 },
  );
});

describe('GitHub comment store on the fake server', () => {
  let gh: FakeGitHub | undefined;
  afterEach(async () => {
    if (gh) await closeClean(gh);
    gh = undefined;
  });

  it('writes as the app, labels the issue, and finds molecules through the label search', async () => {
    gh = await fakeWithIssues();
    const store = createCommentStore(storeOptions(gh));
    const created = await store.create(makeMolecule('7-abc123'));
    expect(created.ok).toBe(true);
    const comments = [...gh.state.comments.values()];
    expect(comments).toHaveLength(1);
    expect(comments[0]?.user.login).toBe('molecular[bot]');
    expect(comments[0]?.body).toMatch(/^<!-- molecular:state v1/);
    expect(comments[0]?.body).toMatch(/<!-- molecular:digest sha256:[0-9a-f]{64} at:\S+ -->$/);
    expect(gh.state.issues.get(7)?.labels).toContain('molecule:active');
    // A fresh store (another process) knows nothing but the label.
    const fresh = createCommentStore(storeOptions(gh, { issueOf: () => undefined }));
    const listed = await fresh.list();
    expect(listed.ok && listed.value.map((m) => m.id)).toEqual(['7-abc123']);
  });

  it('ignores and reports a state block pasted by a user, and an edit by a maintainer', async () => {
    gh = await fakeWithIssues();
    const problems: string[] = [];
    const store = createCommentStore(storeOptions(gh, { onProblem: (p) => problems.push(p.code) }));
    const created = await store.create(makeMolecule('7-real01'));
    expect(created.ok).toBe(true);
    const real = [...gh.state.comments.values()][0];
    if (!real) throw new Error('no comment');
    // A user copies the body into their own comment, with a different title.
    gh.state.addComment(7, real.body.replace('Molecule 7-real01', 'Forged'), {
      login: 'mallory',
      type: 'User',
    });
    // A store without the comment id cached (another process) has to look at every comment.
    const other = createCommentStore(storeOptions(gh, { onProblem: (p) => problems.push(p.code) }));
    const loaded = await other.load('7-real01');
    expect(loaded.ok && loaded.value?.title).toBe('Molecule 7-real01');
    expect(problems).toContain('state-untrusted');

    // A maintainer edits the real comment through the UI: the state is no longer believed.
    real.body = real.body.replace('"title":"Molecule 7-real01"', '"title":"Edited"');
    real.updated_at = new Date(Date.now() + 3_600_000).toISOString();
    const after = await store.mutate('7-real01', completeStep('s0', 'alice'));
    expect(after.ok).toBe(false);
    if (!after.ok) {
      expect(after.error.code).toBe('state-untrusted');
      expect(after.error.message).toMatch(/edited/);
    }
    expect(real.body).toContain('"title":"Edited"'); // nothing was written over it
  });
});

describe('a mutate costs the calls the store documents', () => {
  it('read, edit, re-read: 3 calls; with a status that changes label, 4', async () => {
    const gh = await fakeWithIssues();
    try {
      const store = createCommentStore(storeOptions(gh));
      expect((await store.create(makeMolecule('7-count1', { status: 'in_progress' }))).ok).toBe(true);
      const before = gh.requests.length;
      const result = await store.mutate('7-count1', completeStep('s0', 'alice'));
      expect(result.ok).toBe(true);
      expect(
        gh.requests.slice(before).map((r) => `${r.method} ${r.graphqlOperation ?? r.operationId}`),
      ).toEqual(['POST MolecularComment', 'PATCH issues/update-comment', 'POST MolecularComment']);
    } finally {
      await closeClean(gh);
    }
  });
});

describe('the GraphQL survey on the fake server', () => {
  it('finds what the store wrote (created and edited), and not what a user pasted', async () => {
    const gh = await fakeWithIssues();
    try {
      const store = createCommentStore(storeOptions(gh));
      expect((await store.create(makeMolecule('3-first', { subject: { issue: 3 } }))).ok).toBe(true);
      expect((await store.create(makeMolecule('5-second', { subject: { issue: 5 } }))).ok).toBe(true);
      expect((await store.mutate('5-second', completeStep('s1', 'bob'))).ok).toBe(true);
      const copy = [...gh.state.comments.values()][0]?.body ?? '';
      gh.state.addComment(6, copy.replace('3-first', '6-forged'), { login: 'mallory', type: 'User' });
      gh.state.issues.get(6)?.labels.push('molecule:active');
      const survey = await surveyMolecules(octokitFor(gh), repo, {
        trust: { writers: defaultTrustedWriters('molecular'), editWindowMs: DEFAULT_EDIT_WINDOW_MS },
      });
      expect(survey.molecules.map((m) => [m.mol.id, m.mol.rev, m.issue])).toEqual(
        expect.arrayContaining([
          ['3-first', 0, 3],
          ['5-second', 1, 5],
        ]),
      );
      expect(survey.molecules).toHaveLength(2);
      expect(survey.rejected).toHaveLength(1);
      expect(survey.calls).toBe(1);
    } finally {
      await closeClean(gh);
    }
  });
});
