/**
 * The App installed without a permission it needs: the delivery's failure is logged as one line
 * naming the permission and where to grant it, not as a stack trace.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { actorFor } from '../helpers/fake-github/index.js';
import { issueEvent } from '../helpers/fake-github/webhook-payloads.js';
import { type AppHarness, startAppHarness } from './app-harness.js';

const REVIEW = `
formula = "review"

[[steps]]
id = "draft"
title = "Draft"
description = "Write it."
`;

describe('the App, misconfigured', () => {
  let app: AppHarness | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('names the permission its installation lacks, from the refused route, in one line', async () => {
    app = await startAppHarness();
    const { gh } = app;
    gh.state.files.set('.github/formulas/review.formula.toml', REVIEW);
    gh.state.collaborators.set('alice', 'write');
    // Installed with everything but Issues.
    gh.state.installationPermissions = {
      contents: 'write',
      checks: 'write',
      actions: 'write',
      metadata: 'read',
    };
    const issue = gh.state.addIssue({ title: 'Review it', user: actorFor('alice') }).number;
    const delivery = await app.send('issues', issueEvent(gh, 'alice', 'labeled', issue, 'formula:review'));
    expect(delivery.status).toBe(200);
    const refused = gh.requests.filter((r) => r.status === 403);
    expect(refused.length).toBeGreaterThan(0);
    expect(app.errors().map((l) => l.msg)).toEqual([
      expect.stringMatching(
        /^GitHub refused (GET|POST|PATCH) \/repos\/acme\/widgets\/\S+ \(403 Resource not accessible by integration\): the App lacks the `issues: (read|write)` permission; grant it in the App's settings and accept it on the installation\.$/,
      ),
    ]);
    expect(JSON.stringify(app.logs)).not.toMatch(/\\n\s+at /);
    expect(gh.violations).toEqual([]);
  });
});
