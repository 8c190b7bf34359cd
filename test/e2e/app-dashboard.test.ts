/**
 * The dashboard issue end to end through the App against the strict fake GitHub: patrol rounds
 * (the App's timer, every 20 ms on a fixed clock) keep one issue labelled `molecular:dashboard`
 * listing every molecule; a round writes it at most once, and not at all when nothing moved;
 * ticked boxes arrive as `issues.edited` and are obeyed only for an editor whose role allows the
 * command; the issue deleted is opened again from the state comments.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeState } from '../../src/engine/codec/decode.js';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { actorFor, type FakeGitHub } from '../helpers/fake-github/index.js';
import type { IssueRecord } from '../helpers/fake-github/state.js';
import { issueEvent } from '../helpers/fake-github/webhook-payloads.js';
import { REVIEW_FORMULA } from '../helpers/review-formula.js';
import { type AppHarness, startAppHarness } from './app-harness.js';

const CONFIG = 'dashboard: true\ndashboard_title: "Everything running"\ndefault_retries: 0\n';

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!condition()) throw new Error(`gave up waiting for ${what}`);
}

function dashboards(gh: FakeGitHub): IssueRecord[] {
  return [...gh.state.issues.values()].filter((i) => i.labels.includes('molecular:dashboard'));
}

function dashboard(gh: FakeGitHub): IssueRecord {
  const [only, ...more] = dashboards(gh);
  if (!only || more.length > 0) throw new Error(`${dashboards(gh).length} dashboard issues`);
  return only;
}

function moleculeOn(gh: FakeGitHub, issue: number): Molecule {
  const comment = [...gh.state.comments.values()].find(
    (c) => c.issue_number === issue && c.body.includes('molecular:state'),
  );
  const decoded = decodeState(comment?.body ?? '');
  if (!decoded.ok) throw new Error(decoded.error.message);
  return decoded.value;
}

describe('the dashboard issue, kept by the App', () => {
  let app: AppHarness;
  const issues: number[] = [];
  /** Patrol rounds finished: each reads the dashboard once, then writes it at most once. */
  const rounds = () => app.gh.requests.filter((r) => r.graphqlOperation === 'MolecularDashboard').length;
  const moreRounds = async (n: number) => {
    const target = rounds() + n + 1; // the round under way may have read before the change
    await until(() => rounds() >= target, `${n} more patrol rounds`);
  };
  const dashboardWrites = (number: number) =>
    app.gh.requests.filter((r) => r.operationId === 'issues/update' && r.path.endsWith(`/issues/${number}`));

  beforeEach(async () => {
    const now = new Date('2026-04-01T12:00:00.000Z');
    app = await startAppHarness({ clock: () => now }, { now: () => now, patrolIntervalMs: 20 });
    const { gh } = app;
    gh.state.files.set('.github/formulas/review.formula.toml', REVIEW_FORMULA);
    gh.state.files.set('.github/molecular.yml', CONFIG);
    gh.state.collaborators.set('alice', 'write');
    gh.state.collaborators.set('rita', 'read');
    issues.length = 0;
    for (const title of ['Login page', 'Signup page', 'Billing page']) {
      const issue = gh.state.addIssue({ title, user: actorFor('alice'), labels: ['formula:review'] });
      issues.push(issue.number);
      const poured = await app.send(
        'issues',
        issueEvent(gh, 'alice', 'labeled', issue.number, 'formula:review'),
      );
      expect(poured.status).toBe(200);
    }
    // The first round after the first pour may open it listing fewer: later rounds catch up.
    await until(
      () => dashboards(gh).length > 0 && issues.every((n) => dashboard(gh).body?.includes(`· #${n} ·`)),
      'the dashboard listing all three',
    );
  });

  afterEach(async () => {
    await app.close();
    expect(app.gh.violations).toEqual([]);
    expect(app.gh.responseViolations).toEqual([]);
    expect(app.errors()).toEqual([]);
  });

  it('opens one dashboard issue listing all three molecules, and leaves it alone while nothing moves', async () => {
    const { gh } = app;
    const issue = dashboard(gh);
    expect(issue.title).toBe('Everything running');
    expect(issue.user.login).toBe('molecular[bot]');
    for (const n of issues) expect(issue.body).toContain(`**\`review\`** · #${n} · pending · 0/2 steps (0%)`);
    expect(issue.body).toContain('## Live (3)');
    expect(issue.body).toContain('`draft` on a job');
    const writes = dashboardWrites(issue.number).length;
    await moreRounds(3);
    expect(dashboards(gh)).toHaveLength(1);
    expect(dashboardWrites(issue.number)).toHaveLength(writes);
  });

  it('a step completing costs one edit of the dashboard, not one per event', async () => {
    const { gh } = app;
    const issue = dashboard(gh);
    await moreRounds(1);
    const writes = dashboardWrites(issue.number).length;
    const done = await app.comment(issues[0] as number, 'alice', '/mol done draft');
    expect(done.status).toBe(200);
    // The delivery writes no dashboard: a write while it ran is a patrol round's, which reads the
    // dashboard first (the timer runs every 20 ms; a delivery's lease pushes take longer than that).
    const write = done.calls.findIndex((c) => c.path.endsWith(`/issues/${issue.number}`));
    if (write >= 0)
      expect(done.calls.slice(0, write).map((c) => c.graphqlOperation)).toContain('MolecularDashboard');
    await moreRounds(3);
    expect(dashboardWrites(issue.number)).toHaveLength(writes + 1);
    expect(dashboard(gh).body).toContain(`#${issues[0]} · in progress · 1/2 steps (50%)`);
  });

  it('retries a failed step when a writer ticks its box, and clears the box', async () => {
    const { gh } = app;
    const target = issues[1] as number;
    await app.comment(target, 'alice', '/mol fail draft the build broke');
    expect(moleculeOn(gh, target).status).toBe('failed');
    await until(() => dashboard(gh).body?.includes('retry failed step `draft`') ?? false, 'the retry box');
    const issue = dashboard(gh);
    expect(issue.body?.indexOf('## ⚠️ Stuck (1)')).toBeLessThan(issue.body?.indexOf('## Live') ?? 0);
    issue.body = (issue.body ?? '').replace(
      '- [ ] retry failed step `draft`',
      '- [x] retry failed step `draft`',
    );
    const edited = await app.send('issues', {
      ...issueEvent(gh, 'alice', 'edited', issue.number),
      changes: { body: { from: 'before' } },
    });
    expect(edited.status).toBe(200);
    const mol = moleculeOn(gh, target);
    expect(mol.steps.find((s) => s.id === 'draft')?.status).not.toBe('failed');
    expect(mol.history.some((h) => h.event === 'retry' && h.by === 'alice')).toBe(true);
    expect(dashboard(gh).body).not.toMatch(/- \[x\]/i);
    expect([...gh.state.comments.values()].filter((c) => c.issue_number === issue.number)).toEqual([]);
  });

  it('refuses a reader’s tick, answers them and unticks the box', async () => {
    const { gh } = app;
    const target = issues[2] as number;
    await app.comment(target, 'alice', '/mol fail draft the build broke');
    await until(() => dashboard(gh).body?.includes('retry failed step `draft`') ?? false, 'the retry box');
    const issue = dashboard(gh);
    issue.body = (issue.body ?? '').replace(
      '- [ ] retry failed step `draft`',
      '- [x] retry failed step `draft`',
    );
    const edited = await app.send('issues', {
      ...issueEvent(gh, 'rita', 'edited', issue.number),
      changes: { body: { from: 'before' } },
    });
    expect(edited.status).toBe(200);
    expect(moleculeOn(gh, target).steps.find((s) => s.id === 'draft')?.status).toBe('failed');
    const answers = [...gh.state.comments.values()].filter((c) => c.issue_number === issue.number);
    expect(answers).toHaveLength(1);
    expect(answers[0]?.body).toContain('@rita not done');
    expect(answers[0]?.body).toContain('needs **write** permission on acme/widgets; you have **read**');
    expect(dashboard(gh).body).not.toMatch(/- \[x\]/i);
    expect(dashboard(gh).body).toContain('- [ ] retry failed step `draft`');
  });

  it('neither keeps nor obeys an issue someone else labelled molecular:dashboard', async () => {
    const { gh } = app;
    const target = issues[0] as number;
    await app.comment(target, 'alice', '/mol fail draft the build broke');
    const molId = moleculeOn(gh, target).id;
    const body = `- [x] retry <!-- mol-dashboard retry ${molId} draft -->`;
    const fake = gh.state.addIssue({
      title: 'My board',
      body,
      user: actorFor('alice'),
      labels: ['molecular:dashboard'],
    });
    const edited = await app.send('issues', {
      ...issueEvent(gh, 'alice', 'edited', fake.number),
      changes: { body: { from: '' } },
    });
    expect(edited.status).toBe(200);
    expect(moleculeOn(gh, target).status).toBe('failed');
    await moreRounds(2);
    expect(gh.state.issues.get(fake.number)?.body).toBe(body);
    expect([...gh.state.comments.values()].filter((c) => c.issue_number === fake.number)).toEqual([]);
    expect(dashboards(gh).filter((i) => i.user.login === 'molecular[bot]')).toHaveLength(1);
  });

  it('opens the dashboard again on the next round when it was deleted', async () => {
    const { gh } = app;
    const first = dashboard(gh);
    gh.state.issues.delete(first.number);
    await until(() => dashboards(gh).length === 1, 'a new dashboard issue');
    const again = dashboard(gh);
    expect(again.number).not.toBe(first.number);
    for (const n of issues) expect(again.body).toContain(`· #${n} ·`);
  });
});

const SHIP = `
formula = "ship"
execution = "distributed"

[[steps]]
id = "build"
title = "Build"
description = "Build it."
`;

describe('the dashboard’s re-dispatch box', () => {
  let app: AppHarness | undefined;

  afterEach(async () => {
    await app?.close();
    expect(app?.gh.violations).toEqual([]);
    expect(app?.errors()).toEqual([]);
    app = undefined;
  });

  it('shows a step patrol dispatched again as stuck until it moves, and dispatches it again when a writer ticks it', async () => {
    let now = Date.parse('2026-04-01T12:00:00.000Z');
    const clock = () => new Date(now);
    app = await startAppHarness({ clock }, { now: clock, patrolIntervalMs: 20 });
    const { gh } = app;
    gh.state.files.set('.github/formulas/ship.formula.toml', SHIP);
    gh.state.files.set('.github/molecular.yml', 'dashboard: true\n');
    gh.state.collaborators.set('alice', 'write');
    const issue = gh.state.addIssue({ title: 'Ship it', user: actorFor('alice'), labels: ['formula:ship'] });
    await app.send('issues', issueEvent(gh, 'alice', 'labeled', issue.number, 'formula:ship'));
    expect(gh.state.workflowDispatches).toHaveLength(1);
    await until(() => dashboards(gh).length === 1, 'the dashboard');

    now += 31 * 60_000; // the first dispatch was lost: patrol dispatches it again
    await until(() => gh.state.workflowDispatches.length === 2, 'patrol’s re-dispatch');
    const box = '- [ ] re-dispatch step `build`';
    await until(() => dashboard(gh).body?.includes(box) ?? false, 'the re-dispatch box');
    const rounds = () => gh.requests.filter((r) => r.graphqlOperation === 'MolecularDashboard').length;
    const seen = rounds();
    await until(() => rounds() >= seen + 3, 'three more rounds');
    expect(dashboard(gh).body).toContain(box); // still stuck: nothing started it
    expect(dashboard(gh).body).toContain('## ⚠️ Stuck (1)');

    const board = dashboard(gh);
    board.body = (board.body ?? '').replace(box, box.replace('[ ]', '[x]'));
    const edited = await app.send('issues', {
      ...issueEvent(gh, 'alice', 'edited', board.number),
      changes: { body: { from: '' } },
    });
    expect(edited.status).toBe(200);
    expect(gh.state.workflowDispatches.map((d) => d.inputs.step)).toEqual(['build', 'build', 'build']);
    expect(dashboard(gh).body).not.toMatch(/- \[x\]/i);
  });
});
