/**
 * GitHub API calls of the Action's event jobs (issue 27), counted from the strict fake's request
 * log, through the bundle on the simulated runner. A label's job reads its config, the formula
 * and the issue's comments in one GraphQL document; a `/mol status` job reads the pinned formula
 * from that document too, and takes the comment's `author_association` for the `read` it needs
 * when GitHub calls the commenter a collaborator. Anyone else is looked up, as before, and an
 * outsider is told no more than that they may not look.
 */
import { describe, expect, it } from 'vitest';
import type { ActionRepo } from '../helpers/action-repo.js';
import { useActionBundle } from '../helpers/action-repo.js';

const PAIR = `formula = "pair"
execution = "distributed"

[[steps]]
id = "first"
title = "Write the first file"
run = "echo one > one.txt"

[[steps]]
id = "second"
title = "Check the first file"
needs = ["first"]
run = "test -f one.txt"
`;

const bundle = useActionBundle();

async function calls(repo: ActionRepo, job: () => Promise<{ exitCode: number | null; stdout: string }>) {
  const before = repo.gh.requests.length;
  const result = await job();
  expect(result.exitCode, result.stdout).toBe(0);
  expect(repo.gh.violations).toEqual([]);
  return repo.gh.requests.slice(before).map((r) => r.graphqlOperation ?? r.operationId ?? r.path);
}

async function poured() {
  const repo = await bundle.start({
    formulas: { pair: PAIR },
    people: { alice: 'write', rita: 'read' },
    issue: { title: 'Pair it', author: 'alice' },
  });
  const pour = await calls(repo, () => repo.label('formula:pair'));
  return { repo, pour };
}

const replies = (repo: ActionRepo) =>
  [...repo.gh.state.comments.values()].filter(
    (c) => c.issue_number === repo.issue && c.user.login === 'github-actions[bot]' && c.body.includes('/mol'),
  );

describe('API calls of the Action’s event jobs', () => {
  it('a label pours with config, formula and comments read in one document: no contents read, the lease by git', async () => {
    const { repo, pour } = await poured();
    expect(pour).toEqual([
      'MolecularJobSnapshot', // config, the formulas folder and the issue's comments
      'repos/get-collaborator-permission-level', // may alice, who labelled, pour?
      // The lease is a git push; on a lock ref nobody held, the snapshot's comments say the id is free.
      'issues/create-comment',
      'issues/add-labels',
      'actions/create-workflow-dispatch',
    ]);
    // The lease taken and given back (and the step jobs' after it), with the job's own token.
    const pushes = repo.gh.gitRequests.filter((r) => r.service === 'receive-pack');
    expect(pushes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(pushes.map((r) => r.login))).toEqual(new Set(['github-actions[bot]']));
    expect(repo.molecule().formula.source).toMatchObject({ path: '.github/formulas/pair.formula.toml' });
  }, 120_000);

  it('/mol status by a collaborator costs 3 calls: no permission look-up, no blob read', async () => {
    const { repo } = await poured();
    const status = await calls(repo, () => repo.comment('/mol status', 'rita'));
    expect(status).toEqual([
      'MolecularJobSnapshot', // config, formulas and the molecules on the issue
      'reactions/create-for-issue-comment', // 🚀
      'issues/create-comment',
    ]);
    const [answer] = replies(repo);
    // The pinned formula was read: the titles and the graph come from it.
    expect(answer?.body).toContain('Write the first file');
    expect(answer?.body).toContain('```mermaid');
    expect(answer?.body).toContain(repo.molecule().id);
  }, 120_000);

  it('/mol status from someone GitHub calls NONE is looked up as before and reveals no state', async () => {
    const { repo } = await poured();
    const status = await calls(repo, () => repo.comment('/mol status', 'mallory'));
    expect(status).toEqual([
      'MolecularJobSnapshot',
      'repos/get-collaborator-permission-level', // mallory: not a collaborator
      'reactions/create-for-issue-comment', // 😕
      'issues/create-comment',
    ]);
    const [answer] = replies(repo);
    expect(answer?.body).toContain('needs **read** permission on acme/widgets; you have **no access**');
    expect(answer?.body).not.toContain(repo.molecule().id);
    expect(answer?.body).not.toContain('first');
    expect(answer?.body).not.toContain('mermaid');
    const reactions = repo.gh.state.reactions.filter((r) => r.comment_id === answerTo(repo, 'mallory'));
    expect(reactions.map((r) => r.content)).toEqual(['confused']);
  }, 120_000);

  it('a collaborator’s command that changes state is still looked up', async () => {
    const { repo } = await poured();
    const status = await calls(repo, () => repo.comment('/mol status\n/mol retry first', 'rita'));
    expect(status).toContain('repos/get-collaborator-permission-level');
    const [answer] = replies(repo);
    // rita reads: the status is shown, the retry refused on the level the endpoint gave.
    expect(answer?.body).toContain('Write the first file');
    expect(answer?.body).toContain('needs **write** permission on acme/widgets; you have **read**');
  }, 120_000);

  it('a pin to a formula changed since the pour is read by its blob sha, and the view is the pinned one', async () => {
    const { repo } = await poured();
    // GitHub keeps the pinned blob after the change: here a branch holds the old tree.
    repo.gh.state.branchFiles.set('before-the-change', new Map(repo.gh.state.files));
    repo.gh.state.files.set(
      '.github/formulas/pair.formula.toml',
      PAIR.replace('Write the first file', 'Something else'),
    );
    const status = await calls(repo, () => repo.comment('/mol status', 'rita'));
    expect(status).toEqual([
      'MolecularJobSnapshot',
      'git/get-blob', // the pinned version is no longer the folder's
      'reactions/create-for-issue-comment',
      'issues/create-comment',
    ]);
    const [answer] = replies(repo);
    expect(answer?.body).toContain('Write the first file');
    expect(answer?.body).not.toContain('Something else');
  }, 120_000);
});

function answerTo(repo: ActionRepo, login: string): number | undefined {
  return [...repo.gh.state.comments.values()].find(
    (c) => c.issue_number === repo.issue && c.user.login === login,
  )?.id;
}
