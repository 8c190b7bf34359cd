/**
 * Concurrency on the GitHub store (issue 6): 20 step completions of one molecule delivered at
 * once — to two App replicas as `repository_dispatch` webhooks and to several Action processes
 * in `event` mode — against one fake GitHub, in randomized trials. Some completions are delivered
 * twice (same `X-GitHub-Delivery`, or a second job reporting). Every completion is recorded
 * exactly once, there is one state comment, the join is dispatched once, and no lock is left.
 * The App pours, so the Action processes get its slug (`app-slug`), as a step workflow next to the
 * App does; no `trusted_writers` in the config (an Action job that refused the App's state fails).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../helpers/chaos/app-instance.js';
import { startAppProcess } from '../helpers/chaos/app-process.js';
import {
  completion,
  dropActionBundle,
  type FanWorld,
  lockRefs,
  moleculeOn,
  pourFan,
  reportPayload,
  reportThroughAction,
  startFanWorld,
  stateComments,
} from '../helpers/chaos/fan-world.js';
import { recordResult } from '../helpers/chaos/report.js';
import { seedOf, timeoutFor, trials } from '../helpers/chaos/scale.js';
import { seededRandom } from '../helpers/fake-github/faults.js';

const TRIALS = trials(1);
const STEPS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Tally {
  trials: number;
  failed: number;
  lost: number;
  duplicateComments: number;
  duplicateCompletions: number;
  joinDispatches: number;
  actionProcesses: number;
  webhooks: number;
  problems: string[];
}

/** One trial: pour, start every step, then every completion at once over random channels. */
async function trial(world: FanWorld, random: () => number, tally: Tally, index: number): Promise<void> {
  const { gh, apps } = world;
  const pick = () => apps[Math.floor(random() * apps.length)] as AppInstance;
  const { issue, mol } = await pourFan(world, pick());
  for (const [i, step] of world.steps.entries()) {
    const started = await pick().send(
      'repository_dispatch',
      reportPayload(world, { molecule: mol.id, step, event: 'start', runId: `${index}-${i}` }),
    );
    if (started.status !== 200) throw new Error(`start ${step}: ${started.status}`);
  }
  // 3–6 completions go through Action processes, the rest to a random replica; ~15% twice.
  const viaAction = new Set(world.steps.filter(() => random() < 0.25).slice(0, 6));
  while (viaAction.size < 3) viaAction.add(world.steps[Math.floor(random() * world.steps.length)] as string);
  const deliveries: Array<() => Promise<string | undefined>> = [];
  for (const [i, step] of world.steps.entries()) {
    const report = completion(mol.id, step, `${index}-${i}`);
    const times = random() < 0.15 ? 2 : 1;
    const id = `delivery-${index}-${step}`;
    for (let n = 0; n < times; n++) {
      if (viaAction.has(step) && n === 0) {
        tally.actionProcesses++;
        deliveries.push(async () => {
          // The App poured the molecule: its slug is what lets the Action believe the App's comment.
          const job = await reportThroughAction(world, report, { inputs: { 'app-slug': gh.state.appSlug } });
          return job.exitCode === 0
            ? undefined
            : `action ${step}: exit ${job.exitCode}: ${job.stdout.slice(-400)}${job.stderr.slice(-400)}`;
        });
      } else {
        tally.webhooks++;
        const app = pick();
        deliveries.push(async () => {
          const sent = await app.send('repository_dispatch', reportPayload(world, report), { id });
          return sent.status === 200 ? undefined : `${app.name} ${step}: ${sent.status} ${sent.body}`;
        });
      }
    }
  }
  deliveries.sort(() => random() - 0.5);
  const errors = (
    await Promise.all(
      deliveries.map(async (deliver) => {
        await sleep(Math.floor(random() * 30));
        return deliver();
      }),
    )
  ).filter((e): e is string => e !== undefined);

  const comments = stateComments(gh, issue);
  const after = moleculeOn(gh, issue);
  const completed = after.history.filter(
    (h) => h.event === 'complete' && h.step !== undefined && h.step !== 'join',
  );
  const lost = world.steps.filter((s) => after.steps.find((x) => x.id === s)?.status !== 'completed').length;
  const duplicateCompletions = completed.length - new Set(completed.map((h) => h.step)).size;
  const joins = gh.state.workflowDispatches.filter(
    (d) => d.inputs.molecule === mol.id && d.inputs.step === 'join',
  ).length;
  const locks = lockRefs(gh);
  tally.trials++;
  tally.lost += lost;
  tally.duplicateComments += comments.length - 1;
  tally.duplicateCompletions += duplicateCompletions;
  tally.joinDispatches += joins;
  const problems = [
    ...errors,
    ...(lost ? [`${lost} completions lost`] : []),
    ...(comments.length !== 1 ? [`${comments.length} state comments`] : []),
    ...(duplicateCompletions ? [`${duplicateCompletions} completions recorded twice`] : []),
    ...(joins !== 1 ? [`join dispatched ${joins} times`] : []),
    ...(locks.length ? [`locks left: ${locks.join(', ')}`] : []),
  ];
  if (problems.length > 0) {
    tally.failed++;
    tally.problems.push(`trial ${index}: ${problems.join('; ')}`);
  }
}

async function scenario(name: string, config: string | undefined, tried: string): Promise<Tally> {
  const seed = seedOf();
  const random = seededRandom(seed);
  const tally: Tally = {
    trials: 0,
    failed: 0,
    lost: 0,
    duplicateComments: 0,
    duplicateCompletions: 0,
    joinDispatches: 0,
    actionProcesses: 0,
    webhooks: 0,
    problems: [],
  };
  // Each replica is its own process: no mutex or cache shared with the other, as in production.
  const world = await startFanWorld({
    steps: STEPS,
    apps: 2,
    ...(config === undefined ? {} : { config }),
    startApp: (gh, appName) => startAppProcess(gh, { name: appName }),
  });
  const started = performance.now();
  try {
    for (let i = 0; i < TRIALS; i++) await trial(world, random, tally, i);
    const errors = world.apps.flatMap((app) => app.errors().map((l) => `${app.name}: ${l.msg}`));
    if (errors.length) tally.problems.push(...errors.slice(0, 5));
    if (world.gh.violations.length)
      tally.problems.push(`API violations: ${JSON.stringify(world.gh.violations.slice(0, 2))}`);
  } finally {
    await world.close();
  }
  recordResult({
    area: 'concurrency',
    name,
    tried: `${tried} (seed ${seed})`,
    runs: tally.trials,
    failures: tally.failed,
    counts: {
      webhooks: tally.webhooks,
      actionProcesses: tally.actionProcesses,
      lostUpdates: tally.lost,
      duplicateStateComments: tally.duplicateComments,
      duplicateCompletions: tally.duplicateCompletions,
      joinDispatches: tally.joinDispatches,
    },
    held:
      tally.problems.length > 0
        ? tally.problems.slice(0, 3).join(' | ')
        : 'every completion recorded once, one state comment, the join dispatched once per molecule, no lock left behind',
    durationMs: Math.round(performance.now() - started),
  });
  return tally;
}

describe('concurrent step completions through two App replicas and Action processes', () => {
  beforeAll(() => {});
  afterAll(async () => {
    await dropActionBundle();
  });

  it(
    `${STEPS} completions at once with lock: ref — none lost, none duplicated`,
    async () => {
      const tally = await scenario(
        'GitHub: 20 completions, 2 replicas + Actions, lock: ref',
        'lock: ref\n',
        `${STEPS} step completions of one distributed molecule delivered at once (0–30 ms stagger) to two App replicas (separate processes, webhooks) and 3–6 Action processes (event mode, \`app-slug: molecular\`), ~15% delivered twice, \`lock: ref\` in .github/molecular.yml`,
      );
      expect(tally.problems).toEqual([]);
      expect(tally.trials).toBe(TRIALS);
    },
    timeoutFor(TRIALS, 60_000, 120_000),
  );

  it(
    `${STEPS} completions at once with the default lock (auto) — none lost, none duplicated`,
    async () => {
      const tally = await scenario(
        'GitHub: 20 completions, 2 replicas + Actions, lock: auto',
        undefined,
        `the same with no .github/molecular.yml: the default \`lock: auto\` (the App's choice and the Action's) and the default trusted writers`,
      );
      expect(tally.problems).toEqual([]);
    },
    timeoutFor(TRIALS, 60_000, 120_000),
  );
});
