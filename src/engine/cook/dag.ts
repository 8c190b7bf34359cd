import { didYouMean } from '../did-you-mean.js';
import { err, ok, type Place, type Result } from '../errors.js';
import { REF_NAME_RULE, refPartProblem } from '../ref-name.js';
import { type CookContext, placeOf } from './cook-context.js';
import { MinHeap } from './min-heap.js';
import type { WorkStep } from './work-step.js';

export interface DagNode {
  id: string;
  needs: readonly string[];
}

/**
 * Steps in a stable topological order: Kahn's algorithm, where among the steps ready at once the
 * one declared first goes first, so the order is the declaration order whenever that order is
 * already valid. Needs naming no step are ignored here (cook reports them). O((n + e) log n).
 */
export function topoOrder<T extends DagNode>(steps: readonly T[]): Result<T[]> {
  const graph = indexGraph(steps);
  const { order, stuck } = kahn(graph);
  if (stuck.length) {
    const [cycle] = findCycles(graph, stuck);
    return err('cycle', cycleMessage((cycle ?? stuck).map((i) => (steps[i] as T).id)));
  }
  return ok(order.map((i) => steps[i] as T));
}

/**
 * The DAG checks of cook, each error placed where it was written: duplicate ids, ids git refuses
 * in a ref (a step's id names its branch and attempt refs), needs and
 * `on_fail` targets naming no step, cycles (each named), and `on_fail` targets that are not
 * upstream of their step (a loop can only go back). Returns the steps in topological order when
 * there is no cycle.
 */
export function checkDag(steps: readonly WorkStep[], ctx: CookContext): WorkStep[] | undefined {
  const firstById = new Map<string, WorkStep>();
  const unique: WorkStep[] = [];
  for (const step of steps) {
    const first = firstById.get(step.id);
    if (first) {
      const a = placeOf(first.origin, 'id');
      const b = placeOf(step.origin, 'id');
      ctx.error(
        'duplicate-step',
        `step id "${step.id}" is defined twice: at ${where(a)} and at ${where(b)}`,
        b,
      );
      continue;
    }
    firstById.set(step.id, step);
    unique.push(step);
    const problem = refPartProblem(step.id);
    if (problem !== undefined) {
      ctx.error(
        'invalid-id',
        `step id ${JSON.stringify(step.id)} cannot be part of a git ref: ${problem} (the step's branch is molecular/<molecule>/<step>, one part with no "/" or leading "-"; ${REF_NAME_RULE})`,
        placeOf(step.origin, 'id'),
      );
    }
  }
  const ids = firstById.keys.bind(firstById);
  for (const step of steps) {
    for (const need of step.needs) {
      if (firstById.has(need)) continue;
      ctx.error(
        'unknown-need',
        `step "${step.id}" needs "${need}", but no step has that id${didYouMean(need, ids())}`,
        needPlace(step, need),
      );
    }
    const target = step.fields.on_fail;
    if (target !== undefined && !firstById.has(target)) {
      ctx.error(
        'unknown-on-fail',
        `step "${step.id}" loops back to "${target}" on failure (on_fail), but no step has that id${didYouMean(target, ids())}`,
        placeOf(step.origin, 'on_fail'),
      );
    }
  }

  const graph = indexGraph(unique);
  const { order, stuck } = kahn(graph);
  for (const cycle of findCycles(graph, stuck)) {
    const names = cycle.map((i) => (unique[i] as WorkStep).id);
    ctx.error(
      'cycle',
      cycleMessage(names),
      placeOf((unique[cycle[0] as number] as WorkStep).origin, 'needs'),
    );
  }

  unique.forEach((step, i) => {
    const target = step.fields.on_fail;
    if (target === undefined || target === step.id || !firstById.has(target)) return;
    if (!upstreamOf(graph, i).has(graph.index.get(target) as number)) {
      ctx.error(
        'on-fail-not-upstream',
        `step "${step.id}" loops back to "${target}" on failure (on_fail), but "${target}" does not come before it: an on_fail target must be one of the steps "${step.id}" needs, directly or through others`,
        placeOf(step.origin, 'on_fail'),
      );
    }
  });
  return stuck.length ? undefined : order.map((i) => unique[i] as WorkStep);
}

/** Execution order: "a -> b" means b needs a. */
function cycleMessage(ids: readonly string[]): string {
  return `steps form a cycle: ${[...ids, ids[0]].join(' -> ')} (each step needs the one before it)`;
}

function where(place: Place): string {
  return [place.file ?? '<input>', place.line, place.col].filter((p) => p !== undefined).join(':');
}

function needPlace(step: WorkStep, need: string): Place {
  const inNeeds = step.written.needs?.indexOf(need) ?? -1;
  if (inNeeds >= 0) return placeOf(step.origin, 'needs', inNeeds);
  const inDependsOn = step.written.depends_on?.indexOf(need) ?? -1;
  if (inDependsOn >= 0) return placeOf(step.origin, 'depends_on', inDependsOn);
  return placeOf(step.origin, step.written.needs ? 'needs' : step.written.depends_on ? 'depends_on' : 'id');
}

interface Graph {
  index: Map<string, number>;
  /** For each node, the nodes it needs (known ids only, each once). */
  needs: number[][];
  /** For each node, the nodes that need it. */
  dependents: number[][];
}

function indexGraph(steps: readonly DagNode[]): Graph {
  const index = new Map<string, number>();
  steps.forEach((s, i) => {
    if (!index.has(s.id)) index.set(s.id, i);
  });
  // A need listed twice counts twice in Kahn's waiting count and is released twice: no dedupe needed.
  const needs = steps.map((s) => {
    const list: number[] = [];
    for (const n of s.needs) {
      const j = index.get(n);
      if (j !== undefined) list.push(j);
    }
    return list;
  });
  const dependents: number[][] = steps.map(() => []);
  needs.forEach((list, i) => {
    for (const j of list) (dependents[j] as number[]).push(i);
  });
  return { index, needs, dependents };
}

function kahn(graph: Graph): { order: number[]; stuck: number[] } {
  const waiting = graph.needs.map((list) => list.length);
  const ready = new MinHeap();
  waiting.forEach((count, i) => {
    if (count === 0) ready.push(i);
  });
  const order: number[] = [];
  for (let i = ready.pop(); i !== undefined; i = ready.pop()) {
    order.push(i);
    for (const d of graph.dependents[i] as number[]) {
      waiting[d] = (waiting[d] as number) - 1;
      if (waiting[d] === 0) ready.push(d);
    }
  }
  const stuck: number[] = [];
  waiting.forEach((count, i) => {
    if (count > 0) stuck.push(i);
  });
  return { order, stuck };
}

/**
 * Cycles among the steps Kahn could not order (iterative DFS along needs, so a long chain cannot
 * overflow the stack); at most MAX_CYCLES, so a tangled graph gives a readable report. Each cycle is in execution order, starting at its first-declared step.
 */
const MAX_CYCLES = 10;

function findCycles(graph: Graph, stuck: readonly number[]): number[][] {
  const inStuck = new Set(stuck);
  const predsOf = new Map<number, number[]>();
  const preds = (n: number): number[] => {
    let list = predsOf.get(n);
    if (!list) {
      list = (graph.needs[n] as number[]).filter((m) => inStuck.has(m));
      predsOf.set(n, list);
    }
    return list;
  };
  const state = new Map<number, 'open' | 'done'>();
  const cycles: number[][] = [];
  for (const start of stuck) {
    if (state.has(start) || cycles.length >= MAX_CYCLES) continue;
    const path: number[] = [start];
    const next: number[] = [0];
    state.set(start, 'open');
    while (path.length) {
      const top = path[path.length - 1] as number;
      const k = next[next.length - 1] as number;
      if (k < preds(top).length) {
        next[next.length - 1] = k + 1;
        const m = preds(top)[k] as number;
        if (state.get(m) === 'open') {
          // path runs m ... top along "needs"; top needs m, so execution order is m, top, ..., back.
          const along = path.slice(path.lastIndexOf(m));
          const cycle = [m, ...along.slice(1).reverse()];
          const first = cycle.indexOf(Math.min(...cycle));
          cycles.push([...cycle.slice(first), ...cycle.slice(0, first)]);
        } else if (!state.has(m)) {
          state.set(m, 'open');
          path.push(m);
          next.push(0);
        }
      } else {
        state.set(top, 'done');
        path.pop();
        next.pop();
      }
    }
  }
  return cycles;
}

function upstreamOf(graph: Graph, node: number): Set<number> {
  const seen = new Set<number>();
  const todo = [...(graph.needs[node] as number[])];
  for (let n = todo.pop(); n !== undefined; n = todo.pop()) {
    if (seen.has(n)) continue;
    seen.add(n);
    todo.push(...(graph.needs[n] as number[]));
  }
  return seen;
}
