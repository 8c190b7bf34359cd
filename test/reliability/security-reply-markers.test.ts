/**
 * A stranger's text must not silence a writer's command (issue 20, item 2), through the real App
 * against the fake GitHub. Every path that echoes someone's words into a comment of the App's — a
 * malformed command, a permission refusal, an unknown step, a pour of an unknown formula, a
 * refused label, an invalid `mol-vars` block — is fed a reply marker naming the writer's next
 * comment. The App's comments then hold no raw `<!--` but their own marker, in its place, and the
 * writer's command is obeyed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeState } from '../../src/engine/codec/decode.js';
import { type AppInstance, startAppInstance } from '../helpers/chaos/app-instance.js';
import { actorFor, type FakeGitHub, startFakeGitHub } from '../helpers/fake-github/index.js';
import { commentEvent, issueEvent } from '../helpers/fake-github/webhook-payloads.js';

const FORMULA = `formula = "perm"

[[steps]]
id = "a"
type = "human"

[[steps]]
id = "b"
needs = ["a"]
type = "human"
`;

const BOT = 'molecular[bot]';
let gh: FakeGitHub;
let app: AppInstance;
const nonce = randomUUID().slice(0, 6);
const writer = `writer-${nonce}`;
const triager = `triager-${nonce}`;
const outsider = `outsider-${nonce}`;

beforeAll(async () => {
  gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main', appSlug: 'molecular' });
  gh.state.files.set('.github/formulas/perm.formula.toml', FORMULA);
  gh.state.collaborators.set(writer, 'write');
  gh.state.collaborators.set(triager, 'triage');
  app = await startAppInstance(gh, { name: 'app' });
});

afterAll(async () => {
  await app.close();
  await gh.close();
});

const marker = (id: number) => `<!-- molecular:reply-to ${id} -->`;

function stepA(issue: number): string | undefined {
  const state = [...gh.state.comments.values()].find(
    (c) => c.issue_number === issue && c.user.login === BOT && c.body.includes('molecular:state'),
  );
  const decoded = decodeState(state?.body ?? '');
  return decoded.ok ? decoded.value.steps.find((s) => s.id === 'a')?.status : undefined;
}

async function say(issue: number, login: string, text: string) {
  const record = gh.state.addComment(issue, text, actorFor(login));
  expect((await app.send('issue_comment', commentEvent(gh, record.id))).status).toBe(200);
}

/** Each way a user's words reach a comment of the App's, fed a marker naming comment `target`. */
const PATHS: Array<{ name: string; feed: (issue: number, target: number) => Promise<void> }> = [
  {
    name: "a malformed command's echo (no permission needed)",
    feed: (issue, n) => say(issue, outsider, `/mol retry \`${marker(n)}\``),
  },
  {
    name: 'a command refused for permission',
    feed: (issue, n) => say(issue, outsider, `/mol done "\\${marker(n)}"`),
  },
  {
    name: "a writer's command naming no step",
    feed: (issue, n) => say(issue, writer, `/mol done \`"${marker(n)}"\``),
  },
  {
    name: 'a pour of no such formula',
    feed: (issue, n) => say(issue, writer, `/mol pour "\\${marker(n)}"`),
  },
  {
    name: 'a formula label refused for permission',
    feed: async (issue, n) => {
      await app.send('issues', issueEvent(gh, triager, 'labeled', issue, `formula:${marker(n)}`));
    },
  },
  {
    name: 'a formula label naming no formula',
    feed: async (issue, n) => {
      await app.send('issues', issueEvent(gh, writer, 'labeled', issue, `formula:${marker(n)}`));
    },
  },
  {
    name: 'an invalid mol-vars block',
    feed: async (issue, n) => {
      const record = gh.state.issues.get(issue);
      if (record) record.body = `\`\`\`mol-vars\n"${marker(n)}": [a, list]\n\`\`\`\n`;
      await say(issue, writer, '/mol pour perm');
    },
  },
];

describe('a marker-shaped text echoed by the App', () => {
  it.each(PATHS)("does not silence a writer's later command: $name", async ({ feed }) => {
    const issue = gh.state.addIssue({
      title: 'markers',
      user: actorFor(writer),
      labels: ['formula:perm'],
    }).number;
    await app.send('issues', issueEvent(gh, writer, 'labeled', issue, 'formula:perm'));
    expect(stepA(issue)).toBe('ready');
    // The writer's comment exists before the attack names it; it is delivered after.
    const later = gh.state.addComment(issue, '/mol done a', actorFor(writer));
    const before = new Set(gh.state.comments.keys());
    await feed(issue, later.id);

    const answers = [...gh.state.comments.values()].filter(
      (c) => !before.has(c.id) && c.issue_number === issue && c.user.login === BOT,
    );
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      // The App's own marker, where it writes it, is the only raw `<!--` it may hold.
      const own = /^<!-- molecular:reply-to \d+ -->\n/.exec(answer.body)?.[0] ?? '';
      expect(answer.body.slice(own.length)).not.toContain('<!--');
      // …and the path did echo the words, escaped.
      expect(answer.body).toMatch(/&lt;!-- molecular:reply-to \d+ --&gt;/);
    }

    expect((await app.send('issue_comment', commentEvent(gh, later.id))).status).toBe(200);
    expect(stepA(issue)).toBe('completed');
    expect(gh.state.reactions.filter((r) => r.comment_id === later.id).map((r) => r.content)).toContain(
      'rocket',
    );
  });
});
