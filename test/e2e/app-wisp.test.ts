/**
 * Wisps on GitHub through the App against the strict fake GitHub: `/mol wisp <formula> --ttl 30m`
 * and a `phase = "vapor"` formula's label pour ephemeral molecules; once their time to live has
 * passed on the App's clock (injected, moved by hand), a patrol round evaporates them: the state
 * comment is removed and nothing is archived.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { decodeState } from '../../src/engine/codec/decode.js';
import { hasArchiveBlock } from '../../src/github/store/archive-comment.js';
import { actorFor, type FakeGitHub } from '../helpers/fake-github/index.js';
import { issueEvent } from '../helpers/fake-github/webhook-payloads.js';
import { type AppHarness, startAppHarness } from './app-harness.js';

const CHECK = `
formula = "check"
execution = "local"

[vars.target]
description = "What to check"
default = "prod"

[[steps]]
id = "look"
title = "Look at {{target}}"
description = "Have a look."
`;

const VAPOR = `
formula = "sweep"
phase = "vapor"
execution = "local"

[[steps]]
id = "sweep"
title = "Sweep"
description = "Sweep up."
`;

const MINUTE = 60_000;

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!condition()) throw new Error(`gave up waiting for ${what}`);
}

const commentsOn = (gh: FakeGitHub, issue: number) =>
  [...gh.state.comments.values()].filter((c) => c.issue_number === issue);
const stateOn = (gh: FakeGitHub, issue: number) =>
  commentsOn(gh, issue).filter((c) => c.body.includes('molecular:state'));

describe('wisps on GitHub', () => {
  let app: AppHarness | undefined;

  afterEach(async () => {
    await app?.close();
    expect(app?.gh.violations).toEqual([]);
    expect(app?.gh.responseViolations).toEqual([]);
    expect(app?.errors()).toEqual([]);
    app = undefined;
  });

  it('/mol wisp pours an ephemeral molecule that patrol evaporates after its TTL, leaving no archive', async () => {
    let now = Date.parse('2026-04-01T12:00:00.000Z');
    const clock = () => new Date(now);
    app = await startAppHarness({ clock }, { now: clock, patrolIntervalMs: 20 });
    const { gh } = app;
    gh.state.files.set('.github/formulas/check.formula.toml', CHECK);
    gh.state.collaborators.set('alice', 'write');
    const issue = gh.state.addIssue({ title: 'Check prod', user: actorFor('alice') }).number;

    const poured = await app.comment(issue, 'alice', '/mol wisp check --ttl 30m --var target=staging');
    expect(poured.status).toBe(200);
    const [state] = stateOn(gh, issue);
    const decoded = decodeState(state?.body ?? '');
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(decoded.value).toMatchObject({ kind: 'wisp', vars: { target: 'staging' } });
    expect(decoded.value.expiresAt).toBe(new Date(now + 30 * MINUTE).toISOString());

    // Rounds before the TTL leave it be.
    const surveys = () => gh.requests.filter((r) => r.graphqlOperation === 'MolecularSurvey').length;
    const seen = surveys();
    await until(() => surveys() >= seen + 3, 'three patrol rounds');
    expect(stateOn(gh, issue)).toHaveLength(1);

    now += 31 * MINUTE;
    // The comment goes first and the label after it, in the same round: wait for both.
    await until(
      () =>
        stateOn(gh, issue).length === 0 && !gh.state.issues.get(issue)?.labels.includes('molecule:active'),
      'the wisp to evaporate, its label with it',
    );
    expect(commentsOn(gh, issue).some((c) => hasArchiveBlock(c.body))).toBe(false);
  });

  it('a phase = "vapor" formula poured by its label is a wisp with the default TTL', async () => {
    let now = Date.parse('2026-04-01T12:00:00.000Z');
    const clock = () => new Date(now);
    app = await startAppHarness({ clock }, { now: clock, patrolIntervalMs: 20 });
    const { gh } = app;
    gh.state.files.set('.github/formulas/sweep.formula.toml', VAPOR);
    gh.state.collaborators.set('alice', 'write');
    const issue = gh.state.addIssue({ title: 'Sweep', user: actorFor('alice'), labels: ['formula:sweep'] });
    const poured = await app.send(
      'issues',
      issueEvent(gh, 'alice', 'labeled', issue.number, 'formula:sweep'),
    );
    expect(poured.status).toBe(200);
    const decoded = decodeState(stateOn(gh, issue.number)[0]?.body ?? '');
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(decoded.value.kind).toBe('wisp');
    expect(decoded.value.expiresAt).toBe(new Date(now + 60 * MINUTE).toISOString());

    now += 61 * MINUTE;
    await until(() => stateOn(gh, issue.number).length === 0, 'the wisp to evaporate');
    expect(commentsOn(gh, issue.number).some((c) => hasArchiveBlock(c.body))).toBe(false);
  });
});
