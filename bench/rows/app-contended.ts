/**
 * 10 `/mol done` of one molecule at once over two App replicas (bench/lib/contended.ts): the time
 * until all 10 are in the state comment, the API calls of the whole burst, and the updates lost.
 *
 * Measured twice. The rows are the App as deployed: Probot's own Octokit, whose throttling spaces
 * each process's writes and GraphQL calls a second apart (what issue 14's 54 s / 161 calls
 * reference was taken with: the same setup measures 54 s / 150 calls). The notes give the App's
 * own work, with retry and throttling off as the reliability suite and scripts/bench-app.mjs run
 * it: what is left is then the lease's waits, not GitHub's pacing.
 */
import { withHarness } from '../lib/app-harness.js';
import type { ContendedOptions, ContendedResult } from '../lib/contended.js';
import type { ScaleRow } from '../lib/row.js';

const STEPS = 10;
/** Bounds every wait of a run: well past the ~54 s measured, so a slow run is measured, not cut. */
const DEADLINE_MS = 240_000;

function tally(calls: string[]): string {
  const counts = new Map<string, number>();
  for (const c of calls) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].map(([c, n]) => `${n}× ${c}`).join(', ');
}

const seconds = (r: ContendedResult) =>
  Number.isNaN(r.recordedMs)
    ? `not all within ${DEADLINE_MS / 1000} s`
    : `${(r.recordedMs / 1000).toFixed(2)} s`;

export async function measure(): Promise<ScaleRow[]> {
  const [deployed, own] = await withHarness(async (harness, dir) => {
    const { world } = await harness.loadWorld(dir, "export * from './bench/lib/contended.ts';");
    const { runContended, dropReplicaBundle } = world as {
      runContended: (o: ContendedOptions) => Promise<ContendedResult>;
      dropReplicaBundle: () => Promise<void>;
    };
    const options = { steps: STEPS, deadlineMs: DEADLINE_MS };
    try {
      return [
        await runContended({ ...options, octokit: 'probot' }),
        await runContended({ ...options, octokit: 'quiet' }),
      ];
    } finally {
      await dropReplicaBundle();
    }
  });
  // The replicas push their leases (git, no API request): a push refused for a taken lease is git's.
  const lease = (r: ContendedResult) =>
    `lease found taken over the API ${r.lockCollisions}× (create-ref 422; the leases are git pushes)`;
  return [
    {
      name: `${STEPS} \`/mol done\` of one molecule at once, over two App replicas (fork of ${STEPS} + join, default lock): until all recorded`,
      value: deployed.recordedMs / 1000,
      unit: 's',
      goal: '≤ 3 s',
      note: `${seconds(deployed)} with Probot's throttling, ${lease(deployed)}; the App's own work, throttling off: ${seconds(own)}, ${lease(own)} (bench/app-contention.md)`,
    },
    {
      name: `${STEPS} \`/mol done\` at once over two replicas: API calls`,
      value: deployed.calls.length,
      unit: 'calls',
      goal: '≤ 40',
      note: `${tally(deployed.calls)}; throttling off: ${own.calls.length} (${tally(own.calls)})`,
    },
    {
      name: `${STEPS} \`/mol done\` at once over two replicas: lost updates`,
      value: deployed.lost + own.lost,
      unit: 'lost',
      goal: '0',
      note: [deployed, own]
        .map(
          (r, i) =>
            `${i ? 'throttling off' : 'throttled'}: ${r.lost} lost, ${r.duplicated} recorded twice, ${r.refused} refused, join dispatched ${r.joinDispatches}×`,
        )
        .join('; '),
    },
  ];
}
