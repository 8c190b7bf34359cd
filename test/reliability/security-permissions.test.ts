/**
 * The permission matrix (issue 6), through the real App and handlers against the fake GitHub:
 * every `/mol` command, and the `formula:` label, by a user at each repository role — admin,
 * maintain, write, triage, read, no access — under the built-in table and under a configured one.
 * A command below its minimum is answered with the level it needs and the level the user has,
 * reacts 😕 and changes nothing; at or above it, it is never refused for permission. Skipping a
 * step that waits for an approval, by `/mol skip` or the check run's Skip button, needs the
 * level the approval gate asks for: otherwise skipping would be a way around the approval.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeState } from '../../src/engine/codec/decode.js';
import { type PermissionLevel, permissionAtLeast } from '../../src/engine/commands/permissions.js';
import type { Permission } from '../../src/engine/formula/formula-schema.js';
import { type AppInstance, startAppInstance } from '../helpers/chaos/app-instance.js';
import { recordResult } from '../helpers/chaos/report.js';
import { actorFor, type FakeGitHub, startFakeGitHub } from '../helpers/fake-github/index.js';
import { checkRunEvent, commentEvent, issueEvent } from '../helpers/fake-github/webhook-payloads.js';

const FORMULA = `formula = "perm"

[[steps]]
id = "a"
type = "human"

[[steps]]
id = "b"
needs = ["a"]
type = "human"
`;

/** A step behind a maintainer's approval, then one that needs it. */
const GATED_FORMULA = `formula = "gated"

[[steps]]
id = "sign"
type = "human"
gate = { type = "approval", permission = "maintain" }

[[steps]]
id = "ship"
needs = ["sign"]
type = "human"
`;

const LEVELS: PermissionLevel[] = ['admin', 'maintain', 'write', 'triage', 'read', 'none'];

/** Each command as a person types it, with the table key its minimum is looked up under. */
const COMMANDS: Array<{ key: string; text: string }> = [
  { key: 'status', text: '/mol status' },
  { key: 'help', text: '/mol help' },
  { key: 'pour', text: '/mol pour perm' },
  { key: 'done', text: '/mol done a' },
  { key: 'fail', text: '/mol fail a it broke' },
  { key: 'retry', text: '/mol retry a' },
  { key: 'skip', text: '/mol skip a' },
  { key: 'approve', text: '/mol approve a' },
  { key: 'rollback', text: '/mol rollback' },
  { key: 'squash', text: '/mol squash' },
  { key: 'burn', text: '/mol burn' },
  { key: 'reset', text: '/mol reset' },
  { key: 'reset --force', text: '/mol reset --force' },
];

const DEFAULTS: Record<string, Permission> = {
  status: 'read',
  help: 'read',
  pour: 'write',
  done: 'write',
  fail: 'write',
  retry: 'write',
  skip: 'write',
  approve: 'maintain',
  rollback: 'write',
  squash: 'write',
  burn: 'write',
  reset: 'write',
  'reset --force': 'admin',
};
/** A stricter, looser and reordered table: every row differs from the default somewhere. */
const CONFIGURED: Record<string, Permission> = {
  ...DEFAULTS,
  status: 'triage',
  help: 'read',
  pour: 'maintain',
  done: 'triage',
  skip: 'maintain',
  approve: 'write',
  burn: 'admin',
  'reset --force': 'maintain',
};
const CONFIG_YAML = `permissions:\n${Object.entries(CONFIGURED)
  .map(([k, v]) => `  ${k.includes(' ') ? `"${k}"` : k}: ${v}`)
  .join('\n')}\n`;

let gh: FakeGitHub;
let app: AppInstance;
const nonce = randomUUID().slice(0, 6);
const userAt = (level: PermissionLevel) => `u-${level}-${nonce}`;

beforeAll(async () => {
  gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main', appSlug: 'molecular' });
  gh.state.files.set('.github/formulas/perm.formula.toml', FORMULA);
  gh.state.files.set('.github/formulas/gated.formula.toml', GATED_FORMULA);
  gh.state.collaborators.set('owner-admin', 'admin');
  for (const level of LEVELS) if (level !== 'none') gh.state.collaborators.set(userAt(level), level);
  app = await startAppInstance(gh, { name: 'app' });
});

afterAll(async () => {
  await app.close();
  await gh.close();
});

function stateOf(issue: number) {
  const comment = [...gh.state.comments.values()].find(
    (c) => c.issue_number === issue && c.body.includes('molecular:state'),
  );
  return comment ? { id: comment.id, body: comment.body, updated: comment.updated_at } : undefined;
}

async function pourFresh(formula = 'perm'): Promise<number> {
  const issue = gh.state.addIssue({
    title: formula,
    user: actorFor('owner-admin'),
    labels: [`formula:${formula}`],
  }).number;
  const sent = await app.send(
    'issues',
    issueEvent(gh, 'owner-admin', 'labeled', issue, `formula:${formula}`),
  );
  expect(sent.status).toBe(200);
  expect(stateOf(issue)).toBeDefined();
  return issue;
}

async function command(issue: number, login: string, text: string) {
  const record = gh.state.addComment(issue, text, actorFor(login));
  const sent = await app.send('issue_comment', commentEvent(gh, record.id));
  const replies = [...gh.state.comments.values()].filter(
    (c) =>
      c.issue_number === issue &&
      c.user.login === 'molecular[bot]' &&
      c.body.includes(`reply-to ${record.id} `),
  );
  const reactions = gh.state.reactions.filter((r) => r.comment_id === record.id).map((r) => r.content);
  return { status: sent.status, reply: replies.map((r) => r.body).join('\n'), reactions };
}

/** The check run's Skip button on a step, clicked by `login`; the refusal is a reply on the issue. */
async function skipButton(issue: number, login: string, step: string) {
  const before = new Set(gh.state.comments.keys());
  const molId = molOf(issue).id;
  // The step's check run with its buttons, as the App puts it on a step's commit.
  const run = {
    id: gh.state.nextId(),
    name: `molecular / gated / ${step}`,
    head_sha: 'a'.repeat(40),
    status: 'in_progress',
    conclusion: null,
    started_at: new Date().toISOString(),
    completed_at: null,
    details_url: `${gh.origin}/acme/widgets/issues/${issue}`,
    external_id: `${molId}/${step}`,
    output: { title: null, summary: null, text: null },
    actions: [{ label: 'Skip', description: 'Skip this step', identifier: 'skip' }],
  };
  gh.state.checkRuns.push(run);
  const sent = await app.send('check_run', checkRunEvent(gh, login, 'requested_action', run.id, 'skip'));
  const replies = [...gh.state.comments.values()].filter(
    (c) => !before.has(c.id) && c.issue_number === issue && c.user.login === 'molecular[bot]',
  );
  // A button has no comment to react to: the reply is the answer.
  return { status: sent.status, reply: replies.map((r) => r.body).join('\n'), reactions: undefined };
}

function molOf(issue: number) {
  const decoded = decodeState(stateOf(issue)?.body ?? '');
  if (!decoded.ok) throw new Error(`issue ${issue}: ${decoded.error.message}`);
  return decoded.value;
}

const refusal = (required: Permission) => new RegExp(`needs \\*\\*${required}\\*\\* permission`);

async function matrix(table: Record<string, Permission>, label: string) {
  const failures: string[] = [];
  let cases = 0;
  for (const { key, text } of COMMANDS) {
    const required = table[key] as Permission;
    for (const level of LEVELS) {
      cases++;
      const issue = await pourFresh();
      const before = stateOf(issue);
      const result = await command(issue, userAt(level), text);
      const allowed = permissionAtLeast(level, required);
      const refusedForPermission = refusal(required).test(result.reply);
      const where = `${label}: ${text} by ${level}`;
      if (result.status !== 200) failures.push(`${where}: delivery answered ${result.status}`);
      if (allowed && refusedForPermission) failures.push(`${where}: refused though ${level} ≥ ${required}`);
      // Allowed is not ignored: the comment was taken up, and a state-changing command changed it.
      // A pour or help is acknowledged by 👀 at once; a status or state change by its answer
      // (🚀, or 😕 when the state machine says no), which comes within the same delivery.
      const acknowledged =
        key === 'pour' || key === 'help'
          ? result.reactions.includes('eyes')
          : result.reactions.some((r) => r === 'rocket' || r === 'confused');
      if (allowed && !acknowledged) failures.push(`${where}: not acknowledged`);
      if (
        allowed &&
        (key === 'done' || key === 'skip' || key === 'burn') &&
        stateOf(issue)?.body === before?.body
      )
        failures.push(`${where}: allowed but the state did not change`);
      if (!allowed) {
        if (!refusedForPermission)
          failures.push(`${where}: not refused though ${level} < ${required}: ${result.reply.slice(0, 200)}`);
        if (!result.reply.includes(level === 'none' ? 'no access' : `**${level}**`))
          failures.push(`${where}: the reply does not name the user's level`);
        if (!result.reactions.includes('confused')) failures.push(`${where}: no 😕`);
        const after = stateOf(issue);
        if (after?.body !== before?.body) failures.push(`${where}: the state changed`);
      }
    }
  }
  return { failures, cases };
}

describe('every /mol command × every permission level', () => {
  it('under the built-in table', async () => {
    const started = performance.now();
    const { failures, cases } = await matrix(DEFAULTS, 'default');
    recordResult({
      area: 'security',
      name: 'permission matrix: built-in table',
      tried: `each of ${COMMANDS.length} /mol commands by a user at each of 6 roles (admin … no access), each on a fresh molecule, through the App and the fake's collaborator-permission endpoint`,
      runs: cases,
      failures: failures.length,
      held:
        failures.length === 0
          ? 'below the minimum: refused with the level needed and held, 😕, state unchanged; at or above it: never refused for permission'
          : failures.slice(0, 3).join(' | '),
      durationMs: Math.round(performance.now() - started),
    });
    expect(failures).toEqual([]);
  }, 180_000);

  it('under a table configured in .github/molecular.yml', async () => {
    gh.state.files.set('.github/molecular.yml', CONFIG_YAML);
    // The App re-reads a repository's config after its TTL; a fresh replica reads it at once.
    await app.close();
    app = await startAppInstance(gh, { name: 'app-configured' });
    const started = performance.now();
    const { failures, cases } = await matrix(CONFIGURED, 'configured');
    recordResult({
      area: 'security',
      name: 'permission matrix: configured table',
      tried: `the same ${cases} cases with \`permissions:\` in .github/molecular.yml raising and lowering 7 of the 13 minimums`,
      runs: cases,
      failures: failures.length,
      held:
        failures.length === 0
          ? 'every configured minimum enforced exactly, in both directions'
          : failures.slice(0, 3).join(' | '),
      durationMs: Math.round(performance.now() - started),
    });
    expect(failures).toEqual([]);
  }, 180_000);

  it('the formula: label pours only for the pour minimum', async () => {
    gh.state.files.delete('.github/molecular.yml');
    await app.close();
    app = await startAppInstance(gh, { name: 'app-labels' });
    const failures: string[] = [];
    for (const level of LEVELS) {
      const login = userAt(level);
      const issue = gh.state.addIssue({
        title: 'label',
        user: actorFor(login),
        labels: ['formula:perm'],
      }).number;
      await app.send('issues', issueEvent(gh, login, 'labeled', issue, 'formula:perm'));
      const poured = stateOf(issue) !== undefined;
      if (poured !== permissionAtLeast(level, 'write')) failures.push(`label by ${level}: poured ${poured}`);
      const decoded = poured ? decodeState(stateOf(issue)?.body ?? '') : undefined;
      if (decoded && !decoded.ok) failures.push(`label by ${level}: unreadable state`);
    }
    recordResult({
      area: 'security',
      name: 'permission matrix: formula: label',
      tried: 'the formula:perm label added by a user at each of 6 roles (GitHub lets triage add labels)',
      runs: LEVELS.length,
      failures: failures.length,
      held:
        failures.length === 0
          ? 'poured only for write and above; triage, read and no access answered, nothing poured'
          : failures.join(' | '),
    });
    expect(failures).toEqual([]);
  }, 60_000);

  it("skipping a step that waits for a maintainer's approval needs maintain, by command and by the Skip button", async () => {
    const failures: string[] = [];
    let cases = 0;
    for (const level of LEVELS) {
      const login = userAt(level);
      const allowed = permissionAtLeast(level, 'maintain');
      const tries = [
        { how: '/mol skip sign', run: (issue: number) => command(issue, login, '/mol skip sign') },
        { how: 'the Skip button', run: (issue: number) => skipButton(issue, login, 'sign') },
      ];
      for (const { how, run } of tries) {
        cases++;
        const issue = await pourFresh('gated');
        const result = await run(issue);
        const where = `${how} by ${level}`;
        const status = molOf(issue).steps.find((s) => s.id === 'sign')?.status;
        if (result.status !== 200) failures.push(`${where}: delivery answered ${result.status}`);
        if (allowed && status !== 'skipped') failures.push(`${where}: allowed but the step is ${status}`);
        if (allowed && refusal('maintain').test(result.reply))
          failures.push(`${where}: refused for permission`);
        if (!allowed && status !== 'ready') failures.push(`${where}: the step moved to ${status}`);
        // Below the command's own level the first refusal names that; from there up, the gate's.
        const expected = permissionAtLeast(level, 'write') ? refusal('maintain') : refusal('write');
        if (!allowed && !expected.test(result.reply))
          failures.push(`${where}: not refused for permission: ${result.reply.slice(0, 200)}`);
        if (!allowed && result.reactions !== undefined && !result.reactions.includes('confused'))
          failures.push(`${where}: no 😕`);
      }
    }
    recordResult({
      area: 'security',
      name: 'permission matrix: skipping past an approval gate',
      tried: `/mol skip and the check run's Skip button on a step gated by a maintain approval, by a user at each of 6 roles (${cases} cases)`,
      runs: cases,
      failures: failures.length,
      held:
        failures.length === 0
          ? "only maintain and admin skip it; write and below are refused with the gate's level, the step stays"
          : failures.slice(0, 3).join(' | '),
    });
    expect(failures).toEqual([]);
  }, 120_000);
});
