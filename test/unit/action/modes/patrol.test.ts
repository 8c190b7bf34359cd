/**
 * `patrol` mode: the patrol's own wisp (the built-in mol-witness-patrol, its vars the config's
 * thresholds) walked with what the round did, and rounds in process against the fake GitHub: a
 * step idle past nudge_after is nudged once, and a round right after changes nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PATROL_FORMULA, walkWisp, wispPatrol } from '../../../../src/action/modes/patrol.js';
import { DEFAULT_CONFIG } from '../../../../src/github/config.js';
import type { GitHubContext } from '../../../../src/shell/github/github-context.js';
import { type ActionWorld, actionWorld, labeledPayload } from '../fixture.js';

const HUMAN = `formula = "review"
execution = "distributed"

[[steps]]
id = "read"
title = "Read it"
description = "Read the change."
`;

const T0 = new Date('2026-05-01T10:00:00.000Z');

function ctxWith(config = DEFAULT_CONFIG): GitHubContext {
  return {
    config,
    now: () => T0,
    identity: { login: 'github-actions[bot]', trusted: ['github-actions[bot]'] },
  } as unknown as GitHubContext;
}

describe('the patrol wisp', () => {
  it('is the built-in formula, wisped with the config thresholds as vars', () => {
    const config = { ...DEFAULT_CONFIG, nudge_after: '45m', stuck_after: '6h', lock_ttl: '5m' };
    const wisp = wispPatrol(ctxWith(config), '77');
    expect(wisp.ok).toBe(true);
    if (!wisp.ok) return;
    const { mol, proto } = wisp.value;
    expect(mol).toMatchObject({
      id: 'patrol-77',
      kind: 'wisp',
      formula: { name: PATROL_FORMULA, source: 'builtin@1' },
      vars: { nudge_after: '45m', stuck_after: '6h', lock_ttl: '5m' },
      expiresAt: new Date(T0.getTime() + 3_600_000).toISOString(),
    });
    expect(proto.steps.find((s) => s.id === 'nudge-idle')?.description).toContain('longer than 45m');
  });

  it('walks every step with what its part of the round did', () => {
    const wisp = wispPatrol(ctxWith(), '78');
    if (!wisp.ok) throw new Error(wisp.error.message);
    const walked = walkWisp(
      wisp.value.proto,
      wisp.value.mol,
      {
        surveyed: 3,
        done: ['nudge 4-aaa/build', 'redispatch 5-bbb/test', 'timeout 6-ccc/lint'],
        problems: ['7-ddd: its formula cannot be loaded'],
      },
      T0,
    );
    expect(walked.status).toBe('complete');
    expect(walked.steps.map((s) => [s.id, s.status, s.checkpoint?.notes])).toEqual([
      ['survey', 'completed', '3 active molecules'],
      ['nudge-idle', 'completed', '4-aaa/build'],
      ['timeout-stuck', 'completed', '6-ccc/lint'],
      ['redispatch-orphans', 'completed', '5-bbb/test'],
      ['release-locks', 'completed', 'nothing to do'],
      ['evaporate-wisps', 'completed', 'nothing to do'],
      ['report', 'completed', '1 problem(s), listed below'],
    ]);
  });
});

describe('patrol rounds in process', () => {
  let world: ActionWorld | undefined;

  async function openWorld(): Promise<ActionWorld> {
    world = await actionWorld();
    return world;
  }
  afterEach(async () => {
    if (!world) return;
    expect(world.gh.violations).toEqual([]);
    await world.close();
    world = undefined;
  });

  it('nudges a step idle past nudge_after once, and a round right after changes nothing', async () => {
    const w = await openWorld();
    await w.publish('.github/formulas/review.formula.toml', HUMAN);
    await w.job(
      { mode: 'event' },
      { runId: '100', workspace: w.git.dir, eventName: 'issues', payload: labeledPayload(w, 'review') },
    );
    const workspace = await w.checkout('job-201');
    const started = await w.job(
      { mode: 'step-start', step: 'read', molecule: molId(w) },
      { runId: '201', workspace },
    );
    expect(started.result.outputs.status).toBe('in_progress');
    // The agent's run is still going on GitHub: patrol must not take the step away from it.
    w.gh.state.workflowRuns.set(201, { id: 201, status: 'in_progress' });

    w.advance(3 * 3_600_000);
    const comments = () => [...w.gh.state.comments.values()].filter((c) => c.body.startsWith('⏰'));
    const first = await w.job({ mode: 'patrol' }, { runId: '300', workspace, eventName: 'schedule' });
    expect(first.result).toEqual({ outputs: { molecule: 'patrol-300', status: 'acted' } });
    expect(comments().map((c) => c.body)).toEqual([
      expect.stringMatching(/^⏰ step `read` of molecule `.+` has been in progress for 3h with no news/),
    ]);
    expect(first.io.summaries.join('')).toMatch(
      /### Molecular patrol[\s\S]*\| ✅ completed \| `nudge-idle` \|/,
    );
    expect(first.io.summaries.join('')).toContain(`- nudge ${molId(w)}/read`);

    const writes = w.gh.requests.filter((r) => r.method !== 'GET' && r.operationId !== 'graphql').length;
    const second = await w.job({ mode: 'patrol' }, { runId: '301', workspace, eventName: 'schedule' });
    expect(second.result.outputs.status, second.io.lines().join('\n')).toBe('clean');
    expect(second.io.lines('info'), second.io.lines().join('\n')).toContain(
      'patrol: Nothing was stuck in 1 active molecule.',
    );
    expect(w.gh.requests.filter((r) => r.method !== 'GET' && r.operationId !== 'graphql').length).toBe(
      writes,
    );
    expect(comments()).toHaveLength(1);
    // Both rounds surveyed with the real query (the snapshot's first page, with the config and
    // formulas), executed by the fake against GitHub's schema.
    const surveys = w.gh.requests.filter((r) => r.graphqlOperation === 'MolecularPatrolSnapshot');
    expect(surveys.map((r) => r.status)).toEqual([200, 200]);
  });
});

function molId(w: ActionWorld): string {
  const comment = [...w.gh.state.comments.values()].find((c) => c.body.includes('molecular:state'));
  const match = /"id":"([^"]+)"/.exec(comment?.body ?? '');
  return match?.[1] ?? '';
}
