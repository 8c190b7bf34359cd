/**
 * Trust in the state comment and its size (issue 6), through the App against the fake GitHub:
 * state forged by a person, the bot's comment edited by hand or with an older body pasted back,
 * and a molecule pushed past the comment budget. A state that is not believed changes nothing and
 * is reported; a state too large to write is a clear error that leaves the previous one intact.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeState } from '../../src/engine/codec/decode.js';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { sealBody } from '../../src/github/store/comment-seal.js';
import { type AppInstance, startAppInstance } from '../helpers/chaos/app-instance.js';
import { completion, reportPayload } from '../helpers/chaos/fan-world.js';
import { recordResult } from '../helpers/chaos/report.js';
import { actorFor, type FakeGitHub, startFakeGitHub } from '../helpers/fake-github/index.js';
import { commentEvent, issueEvent } from '../helpers/fake-github/webhook-payloads.js';

const FORMULA = `formula = "trust"
execution = "distributed"

[[steps]]
id = "a"

[[steps]]
id = "b"
needs = ["a"]
`;

let gh: FakeGitHub;
let app: AppInstance;

beforeEach(async () => {
  gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main', appSlug: 'molecular' });
  gh.state.files.set('.github/formulas/trust.formula.toml', FORMULA);
  gh.state.files.set('.github/workflows/molecular-step.yml', 'name: step\n');
  gh.state.collaborators.set('alice', 'write');
  gh.state.collaborators.set('mallory', 'write');
  app = await startAppInstance(gh, { name: 'app' });
});

afterEach(async () => {
  await app.close();
  await gh.close();
});

const world = () => ({ gh, apps: [app], runner: undefined as never, steps: [], close: async () => {} });

async function pour(): Promise<{ issue: number; mol: Molecule; commentId: number }> {
  const issue = gh.state.addIssue({
    title: 'trust',
    user: actorFor('alice'),
    labels: ['formula:trust'],
  }).number;
  await app.send('issues', issueEvent(gh, 'alice', 'labeled', issue, 'formula:trust'));
  const comment = botState(issue);
  const decoded = decodeState(comment?.body ?? '');
  if (!comment || !decoded.ok) throw new Error('no state poured');
  return { issue, mol: decoded.value, commentId: comment.id };
}

function botState(issue: number) {
  return [...gh.state.comments.values()].find(
    (c) =>
      c.issue_number === issue && c.user.login === 'molecular[bot]' && c.body.includes('molecular:state'),
  );
}

async function say(issue: number, login: string, text: string): Promise<string> {
  const record = gh.state.addComment(issue, text, actorFor(login));
  await app.send('issue_comment', commentEvent(gh, record.id));
  return [...gh.state.comments.values()]
    .filter((c) => c.user.login === 'molecular[bot]' && c.body.includes(`reply-to ${record.id} `))
    .map((c) => c.body)
    .join('\n');
}

/** A person edits a comment: GitHub keeps the author and moves updated_at. */
function editByHand(commentId: number, body: string): void {
  const comment = gh.state.comments.get(commentId);
  if (!comment) throw new Error(`no comment ${commentId}`);
  comment.body = body;
  comment.updated_at = new Date().toISOString();
  comment.last_edited_at = comment.updated_at;
  // GitHub records who made the edit; only GraphQL shows it.
  comment.last_editor = { login: 'mallory', type: 'User' };
}

const warned = (pattern: RegExp) => app.logs.some((l) => l.level === 40 && pattern.test(l.msg));

describe('state comments that must not be believed', () => {
  it('a state forged by a person, even one claiming every step complete, is ignored and reported', async () => {
    const { issue, mol, commentId } = await pour();
    const real = gh.state.comments.get(commentId)?.body ?? '';
    // mallory writes her own comment: the same molecule with every step completed, sealed the
    // way an unkeyed seal is made (anyone can compute a sha256).
    const forgedMol: Molecule = {
      ...mol,
      rev: mol.rev + 5,
      steps: mol.steps.map((s) => ({ ...s, status: 'completed', attempts: 1 })),
    };
    const block = real.replace(
      /<!-- molecular:state v1[\s\S]*?-->/,
      `<!-- molecular:state v1 json\n${JSON.stringify(forgedMol)}\n-->`,
    );
    const forgedBody = sealBody(block.replace(/\n*<!-- molecular:digest[^>]*-->\s*$/, ''), new Date());
    gh.state.addComment(issue, forgedBody, actorFor('mallory'));
    const reply = await say(issue, 'alice', '/mol status');
    const after = decodeState(botState(issue)?.body ?? '');
    expect(after.ok && after.value.steps.map((s) => s.status)).toEqual(['ready', 'pending']);
    // Beside the real state the forgery changes nothing the reply shows; it is reported in the log.
    expect(reply).toMatch(/🔵 ready \| `a`/);
    expect(warned(/state-untrusted: .*mallory/)).toBe(true);
    // A step report for the forged "completed" steps is judged on the real state.
    await app.send('repository_dispatch', reportPayload(world(), completion(mol.id, 'b', 'run-x')));
    const still = decodeState(botState(issue)?.body ?? '');
    expect(still.ok && still.value.steps.find((s) => s.id === 'b')?.status).toBe('pending');
    // Alone (the bot's comment deleted), the forgery is named in the reply and nothing is done.
    gh.state.comments.delete(commentId);
    const alone = await say(issue, 'alice', '/mol done a');
    expect(alone).toMatch(/mallory, who is not a trusted writer/);
    expect([...gh.state.comments.values()].filter((c) => c.body.includes('molecular:state'))).toHaveLength(1);
    recordResult({
      area: 'security',
      name: 'state: forged by a person',
      tried:
        "a write-access user's own comment holding the molecule with every step completed and a valid unkeyed seal, beside the bot's",
      runs: 1,
      failures: 0,
      held: "the bot's comment is the state and the forgery is logged (state-untrusted); a report for a forged-complete step changes nothing; with the bot's comment gone, the reply names the forger and nothing is written",
    });
  });

  it("the bot's comment edited by hand is ignored: nothing is written over it, and the reply says why", async () => {
    const { issue, commentId } = await pour();
    const original = gh.state.comments.get(commentId)?.body ?? '';
    const edited = original.replace('"status":"ready"', '"status":"completed"');
    expect(edited).not.toBe(original);
    editByHand(commentId, edited);
    const reply = await say(issue, 'alice', '/mol done a');
    expect(gh.state.comments.get(commentId)?.body).toBe(edited);
    expect(reply).toMatch(/edited after Molecular wrote it|was edited|last edited by @\u200b?mallory/);
    expect(warned(/state-untrusted/)).toBe(true);
    recordResult({
      area: 'security',
      name: "state: the bot's comment edited by hand",
      tried: "a person changes a step's status inside the bot's state comment, then a /mol done arrives",
      runs: 1,
      failures: 0,
      held: 'the edited comment is not believed, not overwritten, and the reply and the log say it was edited',
    });
  });

  // Found as a defect by this test: the seal proves the body is one the bot wrote, and `updated_at`
  // is within 10 minutes of the seal's time, so a body the bot wrote a moment ago, pasted back by a
  // person, passed both. Fixed by reading state over GraphQL, whose `editor` names who pasted it.
  it("an older body of the bot's comment pasted back is ignored (no rollback by replay)", async () => {
    const { issue, mol, commentId } = await pour();
    const old = gh.state.comments.get(commentId)?.body ?? '';
    await app.send(
      'repository_dispatch',
      reportPayload(world(), { molecule: mol.id, step: 'a', event: 'start', runId: '1' }),
    );
    await app.send('repository_dispatch', reportPayload(world(), completion(mol.id, 'a', '1')));
    const done = decodeState(gh.state.comments.get(commentId)?.body ?? '');
    expect(done.ok && done.value.steps.map((s) => s.status)).toEqual(['completed', 'ready']);
    // mallory pastes the body from before "a" completed: every byte the bot wrote, seal included.
    editByHand(commentId, old);
    const reply = await say(issue, 'alice', '/mol status');
    const replayAccepted =
      !/edited|not believed|ignored/.test(reply) && /a\b[^\n]*ready|ready[^\n]*\ba\b/i.test(reply);
    recordResult({
      area: 'security',
      name: "state: an older body of the bot's comment pasted back",
      tried:
        'a write-access user replaces the state comment with its own earlier body (seal intact) a moment after the bot moved on',
      runs: 1,
      failures: replayAccepted ? 1 : 0,
      held: replayAccepted
        ? 'the replayed state was believed: the molecule is back where it was (step "a" ready again)'
        : 'the replayed body is not believed: the reply and the log name @mallory as its last editor (GraphQL `editor`), the molecule stays where the bot left it',
      ...(replayAccepted
        ? {
            knownDefect:
              'GitHub adapter: a replay of an older sealed body within the 10-minute edit window is believed',
          }
        : {}),
    });
    expect(replayAccepted).toBe(false);
    expect(reply).toMatch(/last edited by @\u200b?mallory/);
    expect(warned(/last edited by @mallory/)).toBe(true);
  });
});

describe('a molecule past the comment budget', () => {
  it('is refused with a sentence that says so, and the previous state stays', async () => {
    const { issue, mol, commentId } = await pour();
    await app.send(
      'repository_dispatch',
      reportPayload(world(), { molecule: mol.id, step: 'a', event: 'start', runId: '7' }),
    );
    const before = gh.state.comments.get(commentId)?.body ?? '';
    // A job reporting 4,000 changed files with incompressible names: no encoding fits 60,000 bytes.
    const report = completion(mol.id, 'a', '7');
    const filesModified = Array.from({ length: 4_000 }, () => `src/${randomUUID()}/${randomUUID()}.ts`);
    (report.checkpoint as { filesModified: string[] }).filesModified = filesModified;
    const sent = await app.send('repository_dispatch', reportPayload(world(), report));
    expect(sent.status).toBe(200);
    const after = gh.state.comments.get(commentId)?.body ?? '';
    expect(after).toBe(before);
    const decoded = decodeState(after);
    expect(decoded.ok && decoded.value.steps.find((s) => s.id === 'a')?.status).toBe('in_progress');
    const said = [
      ...app.logs.map((l) => l.msg),
      ...[...gh.state.comments.values()].filter((c) => c.issue_number === issue).map((c) => c.body),
    ];
    const sentence = said.find((m) => /too large|budget|60,?000/.test(m));
    expect(sentence, said.join('\n')).toBeDefined();
    recordResult({
      area: 'security',
      name: 'state: past the 60,000-byte budget',
      tried:
        'a step report whose checkpoint lists 4,000 incompressible file paths (no plain, deflated, trimmed or summary encoding fits)',
      runs: 1,
      failures: 0,
      held: `refused with "${sentence?.slice(0, 160)}"; the state comment is byte-for-byte the previous one`,
    });
  });
});
