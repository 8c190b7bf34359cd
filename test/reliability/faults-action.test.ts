/**
 * Faults from GitHub (issue 6), through the Action: the 5-step fork-join run by the bundled
 * Action (a process per job, its own Octokit with @octokit/plugin-retry at its real timings)
 * while the fake answers 5xx, 429, secondary rate limits, slow responses and stale reads. A job
 * that still fails is what GitHub would show as a failed run: the scheduled patrol re-dispatches
 * its step, and a failed event job is re-run.
 *
 * Held: the final state equals the fault-free run's, one state comment, one check run per gated
 * step, no command run again after its completion was recorded, requests within a bound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionBundle, dropActionBundle } from '../helpers/chaos/fan-world.js';
import { logicalState, type RelayOutcome, runRelay } from '../helpers/chaos/relay-world.js';
import { recordResult } from '../helpers/chaos/report.js';
import { faultTrials, fullRun, seedOf, timeoutFor } from '../helpers/chaos/scale.js';
import type { Faults } from '../helpers/fake-github/index.js';

const TRIALS = faultTrials();
let bundle: string;
let baseline: RelayOutcome;

beforeAll(async () => {
  bundle = await actionBundle();
  baseline = await runRelay({ bundle });
}, 120_000);

afterAll(async () => {
  await dropActionBundle();
});

const ALL_PROFILES: Array<{ name: string; faults: Faults; tried: string }> = [
  { name: '10% 5xx', faults: { rate5xx: 0.1 }, tried: '10% of requests answered 500/502/503' },
  {
    name: '10% 429',
    faults: { rate429: 0.1, retryAfterSeconds: 0 },
    tried: '10% answered 429 with retry-after',
  },
  {
    name: '5% secondary limits',
    faults: { secondaryRateLimit: 0.05, retryAfterSeconds: 0 },
    tried: '5% answered 403 "secondary rate limit" with retry-after',
  },
  {
    name: 'slow and stale',
    faults: { latencyMs: 25, staleReads: true },
    tried: 'every response 25 ms late and the first read after each comment write stale',
  },
];
const COMBINED = {
  name: 'mixed faults',
  faults: { rate5xx: 0.03, rate429: 0.03, secondaryRateLimit: 0.03, retryAfterSeconds: 0, staleReads: true },
  tried: '3% 5xx, 3% 429, 3% secondary limits and stale reads together',
};
const PROFILES = fullRun() ? [...ALL_PROFILES, COMBINED] : [COMBINED];

describe('the Action under GitHub faults', () => {
  for (const profile of PROFILES) {
    it(
      `${profile.name}: the same final state, nothing duplicated, retries bounded`,
      async () => {
        const started = performance.now();
        const seed = seedOf();
        const problems: string[] = [];
        let requests = 0;
        let failedJobs = 0;
        let patrols = 0;
        for (let t = 0; t < TRIALS; t++) {
          const run = await runRelay({ bundle, faults: profile.faults, seed: seed + t, maxPatrols: 6 });
          const where = `seed ${seed + t}`;
          requests += run.requests;
          failedJobs += run.jobs.filter((j) => j.exitCode !== 0).length;
          patrols += run.patrolRounds;
          if (JSON.stringify(logicalState(run.mol)) !== JSON.stringify(logicalState(baseline.mol)))
            problems.push(`${where}: final state ${JSON.stringify(logicalState(run.mol))}`);
          if (run.stateComments !== 1) problems.push(`${where}: ${run.stateComments} state comments`);
          if (JSON.stringify(run.checkRuns) !== JSON.stringify(baseline.checkRuns))
            problems.push(`${where}: check runs ${JSON.stringify(run.checkRuns)}`);
          const late = run.executions.filter((e) => {
            const done = run.completedAt.get(e.step);
            return done !== undefined && e.at > done;
          });
          if (late.length > 0)
            problems.push(`${where}: ran again after completion: ${late.map((e) => e.step).join(', ')}`);
          if (run.requests > baseline.requests * 3)
            problems.push(`${where}: ${run.requests} requests against ${baseline.requests}`);
        }
        recordResult({
          area: 'faults',
          name: `Action: ${profile.name}`,
          tried: `${profile.tried}; the 5-step fork-join by the bundled Action, a process per job with @octokit/plugin-retry at its real timings; failed jobs left to patrol (seed ${seed})`,
          runs: TRIALS,
          failures: problems.length > 0 ? 1 : 0,
          counts: {
            requests,
            baselineRequests: baseline.requests * TRIALS,
            failedJobs,
            patrolRounds: patrols,
          },
          held:
            problems.length === 0
              ? `final state equal to the fault-free run, one state comment, one check run per gated step, no command run twice after being recorded${failedJobs > 0 ? `; ${failedJobs} job(s) failed on a fault and were recovered by patrol` : ''}`
              : problems.slice(0, 3).join(' | '),
          durationMs: Math.round(performance.now() - started),
          ...(problems.length > 3 ? { details: problems } : {}),
        });
        expect(problems).toEqual([]);
      },
      timeoutFor(TRIALS, 150_000, 180_000),
    );
  }
});
