/**
 * The Action's `patrol` mode keeps the same dashboard issue the App keeps: the bundled Action on a
 * simulated runner against the strict fake GitHub. A scheduled patrol opens it, a second changes
 * nothing, and after a step completes the next patrol edits it once.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorFor, type FakeGitHub, startFakeGitHub } from '../helpers/fake-github/index.js';
import { commentEvent, issueEvent } from '../helpers/fake-github/webhook-payloads.js';
import { REVIEW_FORMULA } from '../helpers/review-formula.js';
import { buildActionBundle, SimulatedRunner } from '../helpers/simulated-runner.js';

const TOKEN = 'ghs_workflow_token';

let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'mol-action-dashboard-')));
  bundle = await buildActionBundle(dir);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function dashboards(gh: FakeGitHub) {
  return [...gh.state.issues.values()].filter((i) => i.labels.includes('molecular:dashboard'));
}

describe('the Action’s patrol keeps the dashboard', () => {
  it('opens it, leaves it when nothing moved, and edits it once after a step completes', async () => {
    const gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
    try {
      gh.tokens.set(TOKEN, actorFor('github-actions[bot]'));
      gh.state.collaborators.set('alice', 'write');
      gh.state.files.set('.github/formulas/review.formula.toml', REVIEW_FORMULA);
      gh.state.files.set('.github/molecular.yml', 'dashboard: true\n');
      const runner = new SimulatedRunner({
        gh,
        bundle,
        remote: join(dir, 'none'),
        root: join(dir, 'jobs'),
        token: TOKEN,
      });
      const job = async (eventName: string, payload: Record<string, unknown>, mode: string) => {
        const result = await runner.run({ eventName, payload, inputs: { mode }, noCheckout: true });
        expect(result.exitCode, result.stdout + result.stderr).toBe(0);
        return result;
      };
      const issue = gh.state.addIssue({ title: 'Login page', user: actorFor('alice') }).number;
      await job('issues', issueEvent(gh, 'alice', 'labeled', issue, 'formula:review'), 'event');
      expect(dashboards(gh)).toHaveLength(0); // events never write it: patrol does

      await job('schedule', {}, 'patrol');
      const [board, ...more] = dashboards(gh);
      expect(more).toHaveLength(0);
      expect(board?.user.login).toBe('github-actions[bot]');
      expect(board?.title).toBe('Molecular dashboard');
      expect(board?.body).toContain(`**\`review\`** · #${issue} · pending · 0/2 steps (0%)`);
      const writes = () =>
        gh.requests.filter(
          (r) => r.operationId === 'issues/update' && r.path.endsWith(`/issues/${board?.number}`),
        );

      await job('schedule', {}, 'patrol');
      expect(writes()).toHaveLength(0);
      expect(dashboards(gh)).toHaveLength(1);

      const comment = gh.state.addComment(issue, '/mol done draft', actorFor('alice'));
      await job('issue_comment', commentEvent(gh, comment.id), 'event');
      expect(writes()).toHaveLength(0);
      await job('schedule', {}, 'patrol');
      expect(writes()).toHaveLength(1);
      expect(dashboards(gh)[0]?.body).toContain(`#${issue} · in progress · 1/2 steps (50%)`);
      expect(gh.violations).toEqual([]);
      expect(gh.responseViolations).toEqual([]);
    } finally {
      await gh.close();
    }
  });
});
