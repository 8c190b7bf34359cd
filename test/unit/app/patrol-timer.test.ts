import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { Probot } from 'probot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { patrolAll } from '../../../src/app/patrol-timer.js';
import { RepoConfigs } from '../../../src/app/repo-config.js';
import { SeenRepos } from '../../../src/app/seen-repos.js';
import type { Molecule } from '../../../src/engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../../../src/engine/molecule/ops/events.js';
import { pour } from '../../../src/engine/molecule/ops/pour.js';
import { transition } from '../../../src/engine/molecule/ops/transition.js';
import { ReadCache } from '../../../src/github/conditional-reads.js';
import { DEFAULT_CONFIG } from '../../../src/github/config.js';
import { RateBudget } from '../../../src/github/rate-budget.js';
import { forgetProtos } from '../../../src/shell/formulas/load-proto.js';
import type { GitHubContext } from '../../../src/shell/github/github-context.js';
import { runPatrol } from '../../../src/shell/github/github-patrol.js';
import { quietOctokit } from '../../e2e/app-harness.js';
import { commentNode } from '../../helpers/graphql-comments.js';
import {
  API,
  FORMULA_PATH,
  mockConfig,
  mockReply,
  NOW,
  REPO,
  REVIEW_SHA,
  reviewProto,
  StateComment,
  serveBlobs,
  stepStatus,
  unmatched,
} from './nock.js';

const ISSUE = 9;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** A review molecule with events applied at given times. */
function molecule(events: Array<[MoleculeEvent, Date]>): Molecule {
  const proto = reviewProto();
  const poured = pour(proto, {
    id: `${ISSUE}-beef00`,
    now: ago(5 * HOUR),
    vars: { feature: 'login' },
    formula: { name: 'review', source: { path: FORMULA_PATH, blobSha: REVIEW_SHA } },
    subject: { repo: 'acme/widgets', issue: ISSUE },
    base: { ref: 'main' },
  });
  if (!poured.ok) throw new Error(poured.error.message);
  let mol = poured.value.mol;
  for (const [event, at] of events) {
    const next = transition(proto, mol, event, at);
    if (!next.ok) throw new Error(next.error.message);
    mol = next.value.mol;
  }
  return mol;
}

function context(): GitHubContext {
  const log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  return {
    octokit: new Octokit({ auth: 'test-token' }),
    repo: { owner: 'acme', repo: 'widgets' },
    payload: {},
    deliveryId: 'patrol',
    log,
    identity: { login: 'molecular[bot]', trusted: ['molecular[bot]', 'github-actions[bot]'] },
    now: () => NOW,
    config: DEFAULT_CONFIG,
    defaultBranch: 'main',
  };
}

/** The survey: one GraphQL search for issues labelled molecule:active, with their comments. */
function survey(scope: nock.Scope, state: StateComment | undefined): void {
  scope
    .post('/graphql', (b) => /query MolecularSurvey\b/.test((b as { query: string }).query))
    .reply(200, {
      data: {
        search: {
          issueCount: state ? 1 : 0,
          pageInfo: { hasNextPage: false, endCursor: null },
          nodes: state
            ? [
                {
                  number: ISSUE,
                  comments: {
                    totalCount: 1,
                    pageInfo: { hasNextPage: false, endCursor: null },
                    nodes: [state.row()].map(commentNode),
                  },
                },
              ]
            : [],
        },
      },
    });
}

let scope: nock.Scope;

beforeEach(() => {
  forgetProtos();
  nock.disableNetConnect();
  serveBlobs();
  scope = nock(API);
});

afterEach(() => {
  const pending = scope.pendingMocks();
  nock.cleanAll();
  nock.enableNetConnect();
  expect(pending).toEqual([]);
  expect(unmatched.splice(0)).toEqual([]);
});

describe('patrol', () => {
  it('nudges a step idle past nudge_after, once, with a comment', async () => {
    const state = new StateComment(ISSUE, 700, molecule([[{ type: 'start', step: 'draft' }, ago(3 * HOUR)]]));
    survey(scope, state);
    state.list(scope).write(scope);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    const report = await runPatrol(context());
    expect(report).toEqual({ surveyed: 1, done: [`nudge ${ISSUE}-beef00/draft`], problems: [] });
    expect(state.mol().steps.find((s) => s.id === 'draft')?.nudgedAt).toBe(NOW.toISOString());
    expect(replies[0]).toMatch(
      /⏰ step `draft` of molecule `9-beef00` has been in progress for 3h with no news/,
    );
  });

  it('releases a step whose lease expired, and one whose run is gone', async () => {
    const mol = molecule([
      [{ type: 'complete', step: 'draft' }, ago(4 * HOUR)],
      [
        { type: 'start', step: 'publish', lease: { holder: 'run 31', runId: '31', ttlMs: 10 * HOUR } },
        ago(HOUR),
      ],
    ]);
    const state = new StateComment(ISSUE, 700, mol);
    survey(scope, state);
    scope.get(`${REPO}/actions/runs/31`).reply(200, { id: 31, status: 'completed', conclusion: 'failure' });
    state.list(scope).write(scope);
    const report = await runPatrol(context());
    expect(report.done).toEqual([`redispatch ${ISSUE}-beef00/publish`]);
    const publish = state.mol().steps.find((s) => s.id === 'publish');
    expect(publish?.status).toBe('ready');
    expect(publish?.lease).toBeUndefined();
  });

  it('times out a step with no timeout of its own once it passes stuck_after, so its retries apply', async () => {
    const state = new StateComment(ISSUE, 700, molecule([[{ type: 'start', step: 'draft' }, ago(4 * HOUR)]]));
    survey(scope, state);
    state.list(scope).write(scope);
    const report = await runPatrol({ ...context(), config: { ...DEFAULT_CONFIG, stuck_after: '3h' } });
    expect(report.done).toEqual([`timeout ${ISSUE}-beef00/draft`]);
    const draft = state.mol().steps.find((s) => s.id === 'draft');
    expect(draft?.status).toBe('ready');
    expect(draft?.error).toMatch(/timed out|timeout/i);
  });

  it('leaves a running step with a live run alone: nothing stuck, nothing written', async () => {
    const mol = molecule([
      [
        { type: 'start', step: 'draft', lease: { holder: 'run 32', runId: '32', ttlMs: 10 * HOUR } },
        ago(HOUR),
      ],
    ]);
    const state = new StateComment(ISSUE, 700, mol);
    survey(scope, state);
    scope.get(`${REPO}/actions/runs/32`).reply(200, { id: 32, status: 'in_progress', conclusion: null });
    const report = await runPatrol(context());
    expect(report).toEqual({ surveyed: 1, done: [], problems: [] });
    expect(state.edits).toEqual([]);
    expect(stepStatus(state.mol(), 'draft')).toBe('in_progress');
  });
});

describe('the App patrol timer round', () => {
  it('patrols every repository the App has heard from, with its config', async () => {
    const probot = new Probot({ githubToken: 'test-token', Octokit: quietOctokit(), logLevel: 'fatal' });
    const seen = new SeenRepos();
    seen.add({ owner: 'acme', repo: 'widgets' }, undefined);
    mockConfig(scope);
    survey(scope, undefined);
    await patrolAll({
      app: probot,
      seen,
      configs: new RepoConfigs(60_000, () => NOW),
      slugOf: async () => 'molecular',
      now: () => NOW,
      intervalMs: 1_000,
    });
  });
});

describe('patrolAll with the rate budget nearly spent', () => {
  let scope: nock.Scope;
  beforeEach(() => {
    nock.disableNetConnect();
    scope = nock(API);
  });
  afterEach(() => {
    nock.cleanAll();
  });

  it('defers the round: the installation budget its webhooks saw is low, so no survey goes out', async () => {
    const probot = new Probot({ githubToken: 'test-token', Octokit: quietOctokit(), logLevel: 'fatal' });
    const seen = new SeenRepos();
    seen.add({ owner: 'acme', repo: 'widgets' }, 7);
    const budget = new RateBudget();
    budget.observe({ 'x-ratelimit-remaining': '12', 'x-ratelimit-limit': '5000' });
    mockConfig(scope);
    await patrolAll({
      app: probot,
      seen,
      configs: new RepoConfigs(60_000, () => NOW),
      slugOf: async () => 'molecular',
      now: () => NOW,
      intervalMs: 1_000,
      installationOf: () => ({ budget, reads: new ReadCache() }),
    });
    // Only the config was read (a survey would be a request nock does not answer).
    expect(scope.isDone()).toBe(true);
    expect(budget.requests).toBe(1);
  });
});
