/**
 * Crash at every write (issue 6), at process level: the 5-step fork-join run by the bundled
 * Action, one process per job, is stopped right after its k-th write (an API write or a push of
 * the lease's lock ref) — the write applied,
 * the process killed before it hears back — for each k in turn; and once more per k with "the
 * write happened but the client saw a timeout" (the proxy applies it and drops the connection).
 * Recovery is what GitHub and a maintainer have: the failed event job re-run, the scheduled
 * patrol (which re-dispatches steps whose job is gone and takes over stale locks).
 *
 * Held, every time: the final state equals the uninterrupted run's (statuses, branches, gate
 * verdicts, no lease left), one state comment, the ship step's work landed once, and no step's
 * command ran again after its completion had been recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionBundle, dropActionBundle } from '../helpers/chaos/fan-world.js';
import {
  type CrashMode,
  logicalState,
  RELAY_STEPS,
  type RelayOutcome,
  runRelay,
} from '../helpers/chaos/relay-world.js';
import { recordResult } from '../helpers/chaos/report.js';
import { seedOf, timeoutFor, trials } from '../helpers/chaos/scale.js';
import { seededRandom } from '../helpers/fake-github/faults.js';

/**
 * Crash points per mode: every write in the full run (RELIABILITY_TRIALS ≥ writes), else a random
 * sample; `RELIABILITY_CRASH_POINTS=2,7` replays chosen ones.
 */
const POINTS = trials(1);

let bundle: string;
let baseline: RelayOutcome;

beforeAll(async () => {
  bundle = await actionBundle();
  baseline = await runRelay({ bundle });
}, 120_000);

afterAll(async () => {
  await dropActionBundle();
});

interface Verdict {
  problems: string[];
  reran: number;
  extraCheckRuns: number;
}

function judge(run: RelayOutcome, point: number, mode: CrashMode): Verdict {
  const problems: string[] = [];
  const want = logicalState(baseline.mol);
  const got = logicalState(run.mol);
  if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`final state ${JSON.stringify(got)}`);
  if (run.stateComments !== 1) problems.push(`${run.stateComments} state comments`);
  if (run.shipped !== 'shipped') problems.push(`ship.log is ${JSON.stringify(run.shipped)}`);
  const late = run.executions.filter((e) => {
    const done = run.completedAt.get(e.step);
    return done !== undefined && e.at > done;
  });
  if (late.length > 0)
    problems.push(`ran after its completion was recorded: ${late.map((e) => e.step).join(', ')}`);
  let extraCheckRuns = 0;
  for (const [name, count] of Object.entries(run.checkRuns))
    extraCheckRuns += count - (baseline.checkRuns[name] ?? 0);
  // Check runs cannot be deleted: one made twice stays twice.
  if (extraCheckRuns > 0) problems.push(`${extraCheckRuns} check run(s) more than the uninterrupted run`);
  const where = `${mode} after write ${point} (${describeWrite(run, point)})`;
  return {
    problems: problems.map((p) => `${where}: ${p}`),
    reran: RELAY_STEPS.reduce(
      (n, step) => n + Math.max(0, run.executions.filter((e) => e.step === step).length - 1),
      0,
    ),
    extraCheckRuns,
  };
}

function describeWrite(run: RelayOutcome, point: number): string {
  const write = baseline.writes[point] ?? run.writes[point];
  return write ? `${write.method} ${write.path.replace('/repos/acme/widgets', '')}` : 'none';
}

async function crashEveryWrite(mode: CrashMode) {
  const total = baseline.writes.length;
  const seed = seedOf();
  const random = seededRandom(seed);
  const chosen = process.env.RELIABILITY_CRASH_POINTS?.split(',')
    .map(Number)
    .filter((n) => n >= 0 && n < total);
  const points = chosen?.length
    ? chosen
    : POINTS >= total
      ? Array.from({ length: total }, (_, i) => i)
      : Array.from({ length: POINTS }, () => Math.floor(random() * total));
  const started = performance.now();
  const problems: string[] = [];
  let reran = 0;
  let extraCheckRuns = 0;
  let patrols = 0;
  for (const point of points) {
    const run = await runRelay({ bundle, crashAt: point, mode });
    const verdict = judge(run, point, mode);
    problems.push(...verdict.problems);
    reran += verdict.reran;
    extraCheckRuns += verdict.extraCheckRuns;
    patrols += run.patrolRounds;
  }
  recordResult({
    area: 'crash',
    name:
      mode === 'kill'
        ? 'Action fork-join: killed after write k'
        : 'Action fork-join: write applied, client timed out',
    tried:
      mode === 'kill'
        ? `the 5-step fork-join (${total} writes uninterrupted: API writes and lease pushes) with the job process SIGKILLed right after write k applied, ${points.length === total ? 'for every k' : `k sampled (seed ${seed})`}; recovery by re-running a failed event job and scheduled patrol`
        : `the same with write k applied and its connection dropped (the client sees a network error and retries), ${points.length === total ? 'for every k' : `k sampled (seed ${seed})`}`,
    runs: points.length,
    failures: new Set(problems.map((p) => p.split(':')[0])).size,
    counts: {
      writesPerRun: total,
      commandReruns: reran,
      extraCheckRuns,
      patrolRounds: patrols,
    },
    held:
      problems.length > 0
        ? problems.slice(0, 3).join(' | ')
        : 'final state equal to the uninterrupted run, one state comment, the work landed once, no command ran after its completion was recorded',
    durationMs: Math.round(performance.now() - started),
    ...(problems.length > 0 ? { details: problems } : {}),
  });
  return problems;
}

describe('crash at every write: the Action running a fork-join', () => {
  it('the uninterrupted run completes with one check run per gated step', () => {
    expect(logicalState(baseline.mol)?.status).toBe('complete');
    expect(baseline.executions.map((e) => e.step)).toEqual(['plan', 'left', 'right', 'join', 'ship']);
    expect(baseline.checkRuns).toEqual({
      'molecular / relay / plan': 1,
      'molecular / relay / join': 1,
      'molecular / relay / ship': 1,
    });
    expect(baseline.writes.length).toBeGreaterThan(40);
  });

  it(
    'killed right after a write: recovered to the same state, nothing run twice after being recorded',
    async () => {
      expect(await crashEveryWrite('kill')).toEqual([]);
    },
    timeoutFor(POINTS, 40_000, 120_000),
  );

  it(
    'a write applied but answered with a dropped connection: the same',
    async () => {
      expect(await crashEveryWrite('timeout')).toEqual([]);
    },
    timeoutFor(POINTS, 40_000, 120_000),
  );
});
