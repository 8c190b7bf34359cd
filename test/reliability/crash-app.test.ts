/**
 * Crash at every write (issue 6), through the App: the 5-step fork-join driven by webhooks to an
 * App replica process, killed right after its k-th API write — for each k in turn — then a fresh
 * replica, the interrupted delivery redelivered (same `X-GitHub-Delivery`), and scheduled patrol.
 *
 * Held, every time: the final state equals the uninterrupted run's, one state comment, no step
 * dispatched again once its completion was on record, one check run per gated step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppRelayOutcome, runAppRelay } from '../helpers/chaos/app-relay-world.js';
import { actionBundle, dropActionBundle } from '../helpers/chaos/fan-world.js';
import { logicalState } from '../helpers/chaos/relay-world.js';
import { recordResult } from '../helpers/chaos/report.js';
import { seedOf, timeoutFor, trials } from '../helpers/chaos/scale.js';
import { seededRandom } from '../helpers/fake-github/faults.js';

const POINTS = trials(1);
let bundle: string;
let baseline: AppRelayOutcome;

beforeAll(async () => {
  bundle = await actionBundle();
  baseline = await runAppRelay({ bundle });
}, 120_000);

afterAll(async () => {
  await dropActionBundle();
});

describe('crash at every write: the App driving a fork-join', () => {
  it('the uninterrupted run completes', () => {
    expect(logicalState(baseline.mol)?.status).toBe('complete');
    expect(baseline.stateComments).toBe(1);
    expect(baseline.lateDispatches).toEqual([]);
    expect(baseline.writes.length).toBeGreaterThan(30);
  });

  it(
    'killed right after a write, redelivered to a fresh replica: the same state, nothing dispatched again after its completion',
    async () => {
      const total = baseline.writes.length;
      const chosen = process.env.RELIABILITY_CRASH_POINTS?.split(',')
        .map(Number)
        .filter((n) => n >= 0 && n < total);
      const seed = seedOf();
      const random = seededRandom(seed);
      const points = chosen?.length
        ? chosen
        : POINTS >= total
          ? Array.from({ length: total }, (_, i) => i)
          : Array.from({ length: POINTS }, () => Math.floor(random() * total));
      const started = performance.now();
      const problems: string[] = [];
      let redeliveries = 0;
      let patrols = 0;
      let extraCheckRuns = 0;
      for (const point of points) {
        const run = await runAppRelay({ bundle, crashAt: point });
        const write = baseline.writes[point];
        const where = `after write ${point} (${write ? `${write.method} ${write.path.replace('/repos/acme/widgets', '')}` : '?'})`;
        redeliveries += run.redeliveries;
        patrols += run.patrolRounds;
        if (JSON.stringify(logicalState(run.mol)) !== JSON.stringify(logicalState(baseline.mol)))
          problems.push(`${where}: final state ${JSON.stringify(logicalState(run.mol))}`);
        if (run.stateComments !== 1) problems.push(`${where}: ${run.stateComments} state comments`);
        if (run.lateDispatches.length > 0)
          problems.push(`${where}: dispatched after completion: ${run.lateDispatches.join(', ')}`);
        for (const [name, count] of Object.entries(run.checkRuns)) {
          extraCheckRuns += count - (baseline.checkRuns[name] ?? 0);
          if (count > (baseline.checkRuns[name] ?? 0))
            problems.push(`${where}: ${count} check runs "${name}"`);
        }
      }
      recordResult({
        area: 'crash',
        name: 'App fork-join: replica killed after write k',
        tried: `the 5-step fork-join driven by webhooks to an App replica process (${total} API writes uninterrupted), the replica SIGKILLed right after write k applied, ${points.length === total ? 'for every k' : `k sampled (seed ${seed})`}; recovery by redelivering the interrupted delivery to a fresh replica, then patrol`,
        runs: points.length,
        failures: new Set(problems.map((p) => p.split(':')[0])).size,
        counts: { writesPerRun: total, redeliveries, patrolRounds: patrols, extraCheckRuns },
        held:
          problems.length === 0
            ? 'final state equal to the uninterrupted run, one state comment, one check run per gated step, no step dispatched after its completion was recorded'
            : problems.slice(0, 3).join(' | '),
        durationMs: Math.round(performance.now() - started),
        ...(problems.length > 0 ? { details: problems } : {}),
      });
      expect(problems).toEqual([]);
    },
    timeoutFor(POINTS, 30_000, 120_000),
  );
});
