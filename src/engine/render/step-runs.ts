/**
 * What the view needs from every step (how many have each status, which ones a summarized table
 * shows), worked out per run of steps (molecule/row-chunks.ts) and kept against the run: a view
 * rendered after every transition reads the one run that changed instead of every step.
 */

import { STEP_STATUSES, type StepState, type StepStatus } from '../molecule/molecule-schema.js';
import { chunksOf, type RowChunk } from '../molecule/row-chunks.js';

/** Steps a summarized table keeps first, in this order, when even they are too many. */
export const SUMMARY_PRIORITY: readonly StepStatus[] = ['failed', 'in_progress', 'awaiting_gate', 'ready'];
const RECENT_STEPS = 5;

interface Touched {
  index: number;
  at: number;
}

interface RunFacts {
  /** Steps per status, in the order of STEP_STATUSES. */
  counts: number[];
  /** Indices in the run of its steps with each SUMMARY_PRIORITY status, in that order. */
  first: number[][];
  /** Its RECENT_STEPS most recently touched steps of any other status, in step order. */
  recent: Touched[];
}

const factsOfRun = new WeakMap<RowChunk<StepState>, RunFacts>();

function runFacts(chunk: RowChunk<StepState>): RunFacts {
  let facts = factsOfRun.get(chunk);
  if (facts) return facts;
  const counts = STEP_STATUSES.map(() => 0);
  const first = SUMMARY_PRIORITY.map((): number[] => []);
  const recent: Touched[] = [];
  chunk.rows.forEach((step, index) => {
    const status = STEP_STATUSES.indexOf(step.status);
    if (status >= 0) counts[status] = (counts[status] as number) + 1;
    const priority = SUMMARY_PRIORITY.indexOf(step.status);
    if (priority >= 0) {
      first[priority]?.push(index);
      return;
    }
    const at = touchedAt(step);
    if (at !== undefined) recent.push({ index, at });
  });
  // In step order again: keepLatest relies on meeting steps in molecule order.
  facts = { counts, first, recent: latest(recent).sort((a, b) => a.index - b.index) };
  factsOfRun.set(chunk, facts);
  return facts;
}

/** The RECENT_STEPS latest, latest first; of two touched at once, the later step first. */
function latest(touched: Touched[]): Touched[] {
  return touched.sort((a, b) => b.at - a.at || b.index - a.index).slice(0, RECENT_STEPS);
}

/** Runs are read in molecule order, so a step touched at the same time as one kept goes before it. */
function keepLatest(recent: Touched[], step: Touched): void {
  let slot = recent.length;
  while (slot > 0 && (recent[slot - 1] as Touched).at <= step.at) slot--;
  if (slot >= RECENT_STEPS) return;
  recent.splice(slot, 0, step);
  if (recent.length > RECENT_STEPS) recent.pop();
}

/** How many steps have each status (statuses no step has are absent). */
export function tallyStatuses(steps: readonly StepState[]): Map<StepStatus, number> {
  const totals = STEP_STATUSES.map(() => 0);
  for (const chunk of chunksOf(steps)) {
    const { counts } = runFacts(chunk);
    for (let i = 0; i < totals.length; i++) totals[i] = (totals[i] as number) + (counts[i] as number);
  }
  const tally = new Map<StepStatus, number>();
  STEP_STATUSES.forEach((status, i) => {
    if ((totals[i] as number) > 0) tally.set(status, totals[i] as number);
  });
  return tally;
}

/**
 * The steps of a summarized table, in molecule order: the failed and the active first (by
 * SUMMARY_PRIORITY, up to `limit`), then the few most recently touched. Those last are looked
 * for only among the other statuses: when room is left, every step of a priority status is in.
 */
export function summaryRows(steps: readonly StepState[], limit: number): StepState[] {
  const chunks = chunksOf(steps);
  const facts = chunks.map(runFacts);
  const picked = new Set<number>();
  for (let priority = 0; priority < SUMMARY_PRIORITY.length; priority++) {
    let offset = 0;
    facts.forEach((run, i) => {
      for (const index of run.first[priority] ?? []) if (picked.size < limit) picked.add(offset + index);
      offset += (chunks[i] as RowChunk<StepState>).rows.length;
    });
  }
  if (picked.size < limit) {
    let offset = 0;
    const recent: Touched[] = [];
    facts.forEach((run, i) => {
      for (const { index, at } of run.recent) keepLatest(recent, { index: offset + index, at });
      offset += (chunks[i] as RowChunk<StepState>).rows.length;
    });
    for (const { index } of recent) if (picked.size < limit) picked.add(index);
  }
  return [...picked].sort((a, b) => a - b).map((index) => steps[index] as StepState);
}

/** Kept per step: a run rebuilt for one changed step reads the others' times once in their life. */
const touched = new WeakMap<StepState, number | undefined>();

function touchedAt(step: StepState): number | undefined {
  if (touched.has(step)) return touched.get(step);
  const times = [step.completedAt, step.awaitingSince, step.startedAt]
    .map((time) => (time ? Date.parse(time) : Number.NaN))
    .filter((ms) => !Number.isNaN(ms));
  const at = times.length > 0 ? Math.max(...times) : undefined;
  touched.set(step, at);
  return at;
}
