/**
 * What the view needs from every step (how many have each status, which ones a summarized table
 * shows), worked out per run of steps (codec/row-chunks.ts) and kept against the run: a view
 * rendered after every transition reads the one run that changed instead of every step.
 */
import { chunksOf, type RowChunk } from '../codec/row-chunks.js';
import type { StepState, StepStatus } from '../molecule/molecule-schema.js';

/** Steps a summarized table keeps first, in this order, when even they are too many. */
export const SUMMARY_PRIORITY: readonly StepStatus[] = ['failed', 'in_progress', 'awaiting_gate', 'ready'];
const RECENT_STEPS = 5;

interface Touched {
  index: number;
  at: number;
}

interface RunFacts {
  counts: Map<StepStatus, number>;
  /** Indices in the run of its steps with a SUMMARY_PRIORITY status, by status. */
  first: Map<StepStatus, number[]>;
  /** Its RECENT_STEPS most recently touched steps of any other status, in step order. */
  recent: Touched[];
}

const factsOfRun = new WeakMap<RowChunk<StepState>, RunFacts>();

function runFacts(chunk: RowChunk<StepState>): RunFacts {
  let facts = factsOfRun.get(chunk);
  if (facts) return facts;
  facts = { counts: new Map(), first: new Map(), recent: [] };
  chunk.rows.forEach((step, index) => {
    const { counts, first } = facts as RunFacts;
    counts.set(step.status, (counts.get(step.status) ?? 0) + 1);
    if (SUMMARY_PRIORITY.includes(step.status)) {
      const indices = first.get(step.status);
      if (indices) indices.push(index);
      else first.set(step.status, [index]);
      return;
    }
    const at = touchedAt(step);
    if (at !== undefined) (facts as RunFacts).recent.push({ index, at });
  });
  // In step order again: keepLatest relies on meeting steps in molecule order.
  facts.recent = latest(facts.recent).sort((a, b) => a.index - b.index);
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
  const counts = new Map<StepStatus, number>();
  for (const chunk of chunksOf(steps)) {
    for (const [status, count] of runFacts(chunk).counts)
      counts.set(status, (counts.get(status) ?? 0) + count);
  }
  return counts;
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
  for (const status of SUMMARY_PRIORITY) {
    let offset = 0;
    facts.forEach((run, i) => {
      for (const index of run.first.get(status) ?? []) if (picked.size < limit) picked.add(offset + index);
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

function touchedAt(step: StepState): number | undefined {
  const times = [step.completedAt, step.awaitingSince, step.startedAt]
    .map((time) => (time ? Date.parse(time) : Number.NaN))
    .filter((ms) => !Number.isNaN(ms));
  return times.length > 0 ? Math.max(...times) : undefined;
}
