/**
 * The App's patrol timer end to end against the fake GitHub, whose GraphQL is GitHub's schema
 * executed over its state: the real survey query is validated as GitHub validates it (a document
 * GitHub refuses fails here as it fails there), then a distributed molecule whose first dispatch
 * was never picked up is dispatched again by a timer round.
 */
import { describe, expect, it } from 'vitest';
import { issueEvent } from '../helpers/fake-github/webhook-payloads.js';
import { useAppWorld } from './app-world.js';

const SHIP = `
formula = "ship"
execution = "distributed"

[[steps]]
id = "build"
title = "Build"
description = "Build it."
`;

const MINUTE = 60_000;

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!condition()) throw new Error(`gave up waiting for ${what}`);
}

describe('the App patrol timer', () => {
  let now = Date.parse('2026-04-01T12:00:00.000Z');
  const clock = () => new Date(now);
  const world = useAppWorld({
    fake: { clock },
    app: { now: clock, patrolIntervalMs: 20 },
    formulas: { ship: SHIP },
    people: { alice: 'write' },
    issue: { title: 'Ship it', author: 'alice', labels: ['formula:ship'] },
  });
  const { app, gh } = world;

  it('surveys through GitHub’s schema and re-dispatches a step nobody picked up', async () => {
    const poured = await app.send('issues', issueEvent(gh, 'alice', 'labeled', world.issue, 'formula:ship'));
    expect(poured.status).toBe(200);
    expect(gh.state.workflowDispatches.map((d) => d.inputs.step)).toEqual(['build']);

    // Rounds before the step has waited long enough change nothing.
    const surveys = () => gh.requests.filter((r) => r.graphqlOperation === 'MolecularSurvey');
    await until(() => surveys().length >= 2, 'two patrol rounds');
    expect(gh.state.workflowDispatches).toHaveLength(1);

    now += 31 * MINUTE;
    await until(() => gh.state.workflowDispatches.length === 2, 'the re-dispatch');
    expect(gh.state.workflowDispatches.map((d) => d.inputs.step)).toEqual(['build', 'build']);
    expect(surveys().every((r) => r.status === 200 && r.login === 'molecular[bot]')).toBe(true);
    expect(gh.violations).toEqual([]);
    expect(gh.responseViolations).toEqual([]);
    expect(app.errors()).toEqual([]);
    expect(app.logs.filter((l) => /patrol/.test(l.msg) && l.level >= 40)).toEqual([]);
  });
});
