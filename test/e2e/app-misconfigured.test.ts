/**
 * The App installed without a permission it needs: the delivery's failure is logged as one line
 * naming the permission and where to grant it, not as a stack trace.
 */
import { describe, expect, it } from 'vitest';
import { issueEvent } from '../helpers/fake-github/webhook-payloads.js';
import { useAppWorld } from './app-world.js';

const REVIEW = `
formula = "review"

[[steps]]
id = "draft"
title = "Draft"
description = "Write it."
`;

describe('the App, misconfigured', () => {
  const world = useAppWorld({
    formulas: { review: REVIEW },
    people: { alice: 'write' },
    issue: { title: 'Review it', author: 'alice' },
  });
  const { app, gh } = world;

  it('names the permission its installation lacks, from the refused route, in one line', async () => {
    // Installed with everything but Issues.
    gh.state.installationPermissions = {
      contents: 'write',
      checks: 'write',
      actions: 'write',
      metadata: 'read',
    };
    const delivery = await app.send(
      'issues',
      issueEvent(gh, 'alice', 'labeled', world.issue, 'formula:review'),
    );
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
