/**
 * Faults from GitHub (issue 6), through the App: two replicas running Probot's own retry and
 * throttling plugins (timings shrunk to milliseconds) drive a gated 6-step fork-join — pour,
 * each step started and completed by its job's reports, each delivered to a random replica and
 * a third of them delivered again with the same `X-GitHub-Delivery` to the other — while the fake
 * answers with 5xx, secondary rate limits (403 + retry-after), 429s, slow responses and stale
 * reads. A delivery the App answers with an error is redelivered (GitHub's "Redeliver"), ≤ 3×.
 *
 * Held: the molecule ends complete with every step completed once, one state comment, one check
 * run per gated step, one dispatch per step, and the requests stay within a bound of the
 * fault-free run's.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type AppInstance, fastProbotOctokit, startAppInstance } from '../helpers/chaos/app-instance.js';
import {
  completion,
  dropActionBundle,
  type FanWorld,
  moleculeOn,
  pourFan,
  reportPayload,
  startFanWorld,
  stateComments,
} from '../helpers/chaos/fan-world.js';
import { recordResult } from '../helpers/chaos/report.js';
import { DEFAULT_SEED, faultTrials, fullRun, seedOf, timeoutFor } from '../helpers/chaos/scale.js';
import { seededRandom } from '../helpers/fake-github/faults.js';
import type { Faults } from '../helpers/fake-github/index.js';

const TRIALS = faultTrials();
const STEPS = 6;
const REDELIVERIES = 3;

interface Run {
  requests: number;
  failedDeliveries: number;
  redelivered: number;
  lost: number;
  duplicateCompletions: number;
  stateComments: number;
  checkRuns: Record<string, number>;
  dispatches: Record<string, number>;
  complete: boolean;
  limits: number;
  errors: string[];
}

async function fanUnderFaults(faults: Faults, seed: number, retries?: number): Promise<Run> {
  let limits = 0;
  const world: FanWorld = await startFanWorld({
    steps: STEPS,
    apps: 2,
    gated: true,
    config: 'lock: ref\ntrusted_writers: ["molecular[bot]", "github-actions[bot]"]\n',
    fake: { seed },
    startApp: (gh, name) =>
      startAppInstance(gh, {
        name,
        Octokit: fastProbotOctokit({
          ...(retries === undefined ? {} : { retries }),
          onLimit: () => limits++,
        }),
      }),
  });
  const { gh } = world;
  const [a, b] = world.apps as [AppInstance, AppInstance];
  let failedDeliveries = 0;
  let redelivered = 0;
  const errors: string[] = [];
  const random = seededRandom(seed);
  /** One replica gets it, sometimes the other too (same id); a failed answer is redelivered. */
  const deliver = async (event: string, payload: Record<string, unknown>, id: string) => {
    const first = random() < 0.5 ? a : b;
    const targets = random() < 0.33 ? [first, first === a ? b : a] : [first];
    for (const app of targets) {
      let sent = await app.send(event, payload, { id });
      for (let n = 0; sent.status !== 200 && n < REDELIVERIES; n++) {
        failedDeliveries++;
        redelivered++;
        sent = await app.send(event, payload, { id });
      }
      if (sent.status !== 200) {
        failedDeliveries++;
        errors.push(`${app.name} ${event} ${id}: ${sent.status} ${sent.body.slice(0, 200)}`);
      }
    }
  };
  try {
    Object.assign(gh.faults, faults);
    const start = gh.requests.length;
    // The pour goes to one replica only: two labels events would be two pours (GitHub sends one).
    let poured: Awaited<ReturnType<typeof pourFan>> | undefined;
    for (let n = 0; !poured && n <= REDELIVERIES; n++) {
      poured = await pourFan(world, a).catch(() => undefined);
      if (!poured && stateComments(gh, gh.state.issues.size).length > 0) break;
    }
    if (!poured) throw new Error('the pour never succeeded');
    const { issue, mol } = poured;
    for (const [i, step] of [...world.steps, 'join'].entries()) {
      await deliver(
        'repository_dispatch',
        reportPayload(world, { molecule: mol.id, step, event: 'start', runId: `r${i}` }),
        `start-${step}`,
      );
      await deliver(
        'repository_dispatch',
        reportPayload(world, completion(mol.id, step, `r${i}`, step !== 'join')),
        `done-${step}`,
      );
    }
    gh.faults.rate5xx = 0;
    gh.faults.rate429 = 0;
    gh.faults.secondaryRateLimit = 0;
    const after = moleculeOn(gh, issue);
    const completed = after.history.filter((h) => h.event === 'complete' && h.step !== undefined);
    const checkRuns: Record<string, number> = {};
    for (const run of gh.state.checkRuns) checkRuns[run.name] = (checkRuns[run.name] ?? 0) + 1;
    const dispatches: Record<string, number> = {};
    for (const d of gh.state.workflowDispatches) {
      const step = (d.inputs as Record<string, string>).step ?? '?';
      dispatches[step] = (dispatches[step] ?? 0) + 1;
    }
    return {
      requests: gh.requests.length - start,
      failedDeliveries,
      redelivered,
      lost: after.steps.filter((s) => s.status !== 'completed').length,
      duplicateCompletions: completed.length - new Set(completed.map((h) => h.step)).size,
      stateComments: stateComments(gh, issue).length,
      checkRuns,
      dispatches,
      complete: after.status === 'complete',
      limits,
      errors: [...errors, ...world.apps.flatMap((app) => app.errors().map((l) => `${app.name}: ${l.msg}`))],
    };
  } finally {
    await world.close();
  }
}

const expectedCheckRuns = Object.fromEntries(
  Array.from({ length: STEPS }, (_, i) => [`molecular / fan / p${String(i + 1).padStart(2, '0')}`, 1]),
);
const expectedDispatches = Object.fromEntries(
  [...Array.from({ length: STEPS }, (_, i) => `p${String(i + 1).padStart(2, '0')}`), 'join'].map((s) => [
    s,
    1,
  ]),
);

let baselineRequests = 0;

/**
 * Found by the profile below: `probot run` builds the App's Octokit with Probot's throttle
 * callbacks, whose onSecondaryRateLimit never retries, so a secondary limit failed the handler
 * (answered 200) and the step report was lost (4 of 14). Fixed by the App's owner (f59630a;
 * the rule is now src/github/secondary-limit.ts); the profile now asserts no loss with Probot's own callbacks.
 */
const ALL_PROFILES: Array<{
  name: string;
  faults: Faults;
  retries?: number;
  tried: string;
}> = [
  { name: '10% 5xx', faults: { rate5xx: 0.1 }, tried: '10% of requests answered 500/502/503' },
  {
    name: '10% 429',
    faults: { rate429: 0.1 },
    tried: '10% answered 429 with retry-after and an exhausted rate limit',
  },
  {
    name: '5% secondary limits, bounded retry',
    faults: { secondaryRateLimit: 0.05 },
    retries: 3,
    tried:
      '5% answered 403 "secondary rate limit" with retry-after, the throttler retrying a limit up to 3 times',
  },
  {
    name: "5% secondary limits, Probot's default callbacks",
    faults: { secondaryRateLimit: 0.05 },
    tried:
      '5% answered 403 "secondary rate limit", with Probot\'s own throttle callbacks as `probot run` sets them',
  },
  { name: 'slow responses', faults: { latencyMs: 40 }, tried: 'every response delayed 40 ms' },
  {
    name: 'stale reads',
    faults: { staleReads: true },
    tried: 'the first read after each comment write serving the previous body',
  },
  {
    name: 'all at once',
    faults: { rate5xx: 0.05, rate429: 0.05, secondaryRateLimit: 0.03, latencyMs: 10, staleReads: true },
    tried: '5% 5xx, 5% 429, 3% secondary limits, 10 ms latency and stale reads together',
  },
];
// `npm test` and CI: the combined profile and Probot's own callbacks under secondary limits.
const PROFILES = fullRun()
  ? ALL_PROFILES
  : ALL_PROFILES.filter((p) => p.name === 'all at once' || p.name.includes('default callbacks'));

describe('the App under GitHub faults, with duplicate deliveries', () => {
  afterAll(async () => {
    await dropActionBundle();
  });

  it('fault-free: the reference run', async () => {
    const run = await fanUnderFaults({}, DEFAULT_SEED);
    baselineRequests = run.requests;
    expect(run).toMatchObject({ complete: true, lost: 0, stateComments: 1, failedDeliveries: 0, errors: [] });
    expect(run.checkRuns).toEqual(expectedCheckRuns);
    expect(run.dispatches).toEqual(expectedDispatches);
  }, 60_000);

  for (const profile of PROFILES) {
    it(
      `${profile.name}: nothing lost or duplicated, retries bounded`,
      async () => {
        const started = performance.now();
        const seed = seedOf();
        const problems: string[] = [];
        let requests = 0;
        let failedDeliveries = 0;
        let limits = 0;
        let lost = 0;
        for (let t = 0; t < TRIALS; t++) {
          const run = await fanUnderFaults(profile.faults, seed + t, profile.retries);
          requests += run.requests;
          failedDeliveries += run.failedDeliveries;
          limits += run.limits;
          const where = `seed ${seed + t}`;
          lost += run.lost;
          if (!run.complete || run.lost > 0) problems.push(`${where}: ${run.lost} steps not completed`);
          if (run.duplicateCompletions > 0)
            problems.push(`${where}: ${run.duplicateCompletions} completions recorded twice`);
          if (run.stateComments !== 1) problems.push(`${where}: ${run.stateComments} state comments`);
          const same = (got: Record<string, number>, want: Record<string, number>) =>
            JSON.stringify(got) === JSON.stringify(want);
          if (!same(run.checkRuns, expectedCheckRuns))
            problems.push(`${where}: check runs ${JSON.stringify(run.checkRuns)}`);
          if (!same(run.dispatches, expectedDispatches))
            problems.push(`${where}: dispatches ${JSON.stringify(run.dispatches)}`);
          // Retries are bounded: a few per faulted request, never a storm.
          if (baselineRequests > 0 && run.requests > baselineRequests * 3)
            problems.push(`${where}: ${run.requests} requests against ${baselineRequests} without faults`);
          if (run.failedDeliveries > 0) problems.push(`${where}: ${run.failedDeliveries} deliveries failed`);
          problems.push(...run.errors.map((e) => `${where}: ${e}`));
        }
        recordResult({
          area: 'faults',
          name: `App: ${profile.name}`,
          tried: `${profile.tried}; a gated 6-step fork-join driven by step reports, each to a random replica, a third again to the other (same delivery id), failed deliveries redelivered ≤ ${REDELIVERIES}× (seed ${seed})`,
          runs: TRIALS,
          failures: problems.length > 0 ? 1 : 0,
          counts: {
            requests,
            baselineRequests: baselineRequests * TRIALS,
            failedDeliveries,
            lostSteps: lost,
            limitsHit: limits,
          },
          held:
            problems.length === 0
              ? 'complete, each step completed once, one state comment, one check run per gated step, one dispatch per step, requests within 3× the fault-free run'
              : problems.slice(0, 3).join(' | '),
          durationMs: Math.round(performance.now() - started),
        });
        expect(problems).toEqual([]);
      },
      timeoutFor(TRIALS, 60_000),
    );
  }
});
