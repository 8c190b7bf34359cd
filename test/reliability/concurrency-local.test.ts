/**
 * Concurrency on the local store (issue 6): 20 step completions of one molecule at once, each a
 * `mol done` process of its own, plus redelivered completions of random steps, in randomized
 * order and timing. Every completion is recorded exactly once (no lost update, no duplicate),
 * and the join step that the last completion makes ready runs its command exactly once, however
 * many of the processes saw it become ready.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordResult } from '../helpers/chaos/report.js';
import { seedOf, timeoutFor, trials } from '../helpers/chaos/scale.js';
import { type BuiltCli, buildCli, json, type MolResult, mol } from '../helpers/cli.js';
import { seededRandom } from '../helpers/fake-github/faults.js';
import { makeTempRepo, type TempRepo } from '../helpers/git.js';

const TRIALS = trials(1);
const STEPS = 20;
const ids = Array.from({ length: STEPS }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);

interface MolJson {
  status: string;
  rev: number;
  steps: Array<{ id: string; status: string; attempts: number }>;
  history: Array<{ event: string; step?: string }>;
}

let cli: BuiltCli;
let repo: TempRepo;
let runLog: string;
let formula: string;

beforeAll(async () => {
  cli = await buildCli();
  repo = await makeTempRepo();
  // The join's command appends to a file outside the working tree: one line per execution.
  runLog = join(repo.root, 'join-runs.log');
  formula = join(repo.root, 'fan.formula.toml');
  const steps = ids.map((id) => `[[steps]]\nid = "${id}"\ntype = "human"\n`).join('\n');
  await writeFile(
    formula,
    `formula = "fan"\n\n${steps}\n[[steps]]\nid = "join"\nneeds = [${ids.map((id) => `"${id}"`).join(', ')}]\nrun = "echo \\"$MOL_MOLECULE\\" >> '${runLog}'"\n`,
  );
  await mkdir(join(repo.dir, '.molecular'), { recursive: true });
});

afterAll(async () => {
  await repo?.cleanup();
  await cli?.cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('concurrent mol done on the local store', () => {
  it(
    `${STEPS} completions at once in randomized trials: none lost, none recorded twice, the join run once`,
    async () => {
      const seed = seedOf();
      const random = seededRandom(seed);
      const started = performance.now();
      let lost = 0;
      let duplicates = 0;
      let joinRuns = 0;
      let failedTrials = 0;
      let processes = 0;
      const problems: string[] = [];
      await rm(runLog, { force: true });
      for (let trial = 0; trial < TRIALS; trial++) {
        const id = `fan-${trial}`;
        const poured = await mol(cli, ['pour', formula, '--id', id], { cwd: repo.dir });
        expect(poured.code, poured.stderr).toBe(0);
        // Each step once, some twice (a re-run job, a person typing it again), shuffled, staggered.
        const targets = [...ids, ...ids.filter(() => random() < 0.15)];
        targets.sort(() => random() - 0.5);
        processes += targets.length;
        const results: MolResult[] = await Promise.all(
          targets.map(async (step) => {
            await sleep(Math.floor(random() * 40));
            return mol(cli, ['done', id, step], { cwd: repo.dir });
          }),
        );
        const status = json<MolJson>(await mol(cli, ['status', id, '--json'], { cwd: repo.dir }));
        const completions = status.history.filter((h) => h.event === 'complete' && h.step !== undefined);
        const trialLost = ids.filter(
          (s) => status.steps.find((x) => x.id === s)?.status !== 'completed',
        ).length;
        const trialDup = completions.length - new Set(completions.map((h) => h.step)).size;
        const runs = (await readFile(runLog, 'utf8').catch(() => ''))
          .split('\n')
          .filter((line) => line.trim() === id).length;
        const errors = results.filter((r) => r.code !== 0 && r.code !== 3);
        lost += trialLost;
        duplicates += trialDup;
        joinRuns += runs;
        const ok =
          trialLost === 0 &&
          trialDup === 0 &&
          runs === 1 &&
          errors.length === 0 &&
          status.status === 'complete' &&
          status.steps.every((s) => s.status === 'completed' && s.attempts === 1);
        if (!ok) {
          failedTrials++;
          problems.push(
            `trial ${trial}: lost ${trialLost}, duplicates ${trialDup}, join runs ${runs}, status ${status.status}, errors ${errors.map((e) => e.stderr.trim()).join(' | ')}`,
          );
        }
      }
      recordResult({
        area: 'concurrency',
        name: 'local store: 20 × mol done at once',
        tried: `${STEPS} \`mol done\` processes of one molecule started together (random order, 0–40 ms stagger) plus ~15% redelivered completions; the join step's command counts its executions (seed ${seed})`,
        runs: TRIALS,
        failures: failedTrials,
        counts: {
          processes,
          lostUpdates: lost,
          duplicateCompletions: duplicates,
          joinRuns,
          expectedJoinRuns: TRIALS,
        },
        held:
          failedTrials === 0
            ? 'every completion recorded exactly once; the join ran once per molecule; no process errored'
            : problems.slice(0, 3).join('; '),
        durationMs: Math.round(performance.now() - started),
      });
      expect(problems).toEqual([]);
    },
    timeoutFor(TRIALS, 30_000),
  );
});
