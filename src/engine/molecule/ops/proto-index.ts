/**
 * What every operation needs to know about a proto's graph, computed once per proto object
 * (WeakMap) so a transition costs the neighbourhood it touches, not a walk of the whole DAG.
 */

import type { Proto, ProtoStep } from '../../cook/proto.js';
import { err, ok, type Result } from '../../errors.js';
import type { Molecule } from '../molecule-schema.js';
import { listsOf } from './molecule-lists.js';

export interface ProtoIndex {
  readonly steps: readonly ProtoStep[];
  readonly position: ReadonlyMap<string, number>;
  /** needs[i]: positions of step i's needs, in needs order. */
  readonly needs: readonly (readonly number[])[];
  /** dependents[i]: positions of the steps that need step i. */
  readonly dependents: readonly (readonly number[])[];
}

const cache = new WeakMap<Proto, Result<ProtoIndex>>();

export function indexProto(proto: Proto): Result<ProtoIndex> {
  let hit = cache.get(proto);
  if (!hit) {
    hit = buildIndex(proto);
    cache.set(proto, hit);
  }
  return hit;
}

function buildIndex(proto: Proto): Result<ProtoIndex> {
  const position = new Map<string, number>();
  proto.steps.forEach((step, i) => {
    if (!position.has(step.id)) position.set(step.id, i);
  });
  if (position.size !== proto.steps.length) {
    const dup = proto.steps.find((s, i) => position.get(s.id) !== i);
    return err('invalid-proto', `proto "${proto.formula}" has two steps with the id "${dup?.id}"`);
  }
  const needs: number[][] = [];
  const dependents: number[][] = proto.steps.map(() => []);
  for (const [i, step] of proto.steps.entries()) {
    const mine: number[] = [];
    for (const need of step.needs) {
      const j = position.get(need);
      if (j === undefined) {
        return err(
          'invalid-proto',
          `step "${step.id}" of proto "${proto.formula}" needs "${need}", which is not a step`,
        );
      }
      mine.push(j);
      (dependents[j] as number[]).push(i);
    }
    needs.push(mine);
    if (step.onFail !== undefined && !position.has(step.onFail)) {
      return err(
        'invalid-proto',
        `step "${step.id}" of proto "${proto.formula}" loops back to "${step.onFail}", which is not a step`,
      );
    }
  }
  const cycle = findCycle(proto.steps, needs);
  if (cycle) return err('invalid-proto', `proto "${proto.formula}" has a cycle: ${cycle.join(' -> ')}`);
  return ok({ steps: proto.steps, position, needs, dependents });
}

/** Kahn's algorithm; on a cycle, walk needs from a leftover step until a step repeats. */
function findCycle(steps: readonly ProtoStep[], needs: readonly (readonly number[])[]): string[] | undefined {
  const waiting = needs.map((n) => n.length);
  const dependents: number[][] = steps.map(() => []);
  needs.forEach((n, i) => {
    for (const j of n) (dependents[j] as number[]).push(i);
  });
  const queue = waiting.flatMap((w, i) => (w === 0 ? [i] : []));
  let seen = 0;
  while (queue.length > 0) {
    const i = queue.pop() as number;
    seen++;
    for (const d of dependents[i] as number[]) {
      waiting[d] = (waiting[d] as number) - 1;
      if (waiting[d] === 0) queue.push(d);
    }
  }
  if (seen === steps.length) return undefined;
  let at = waiting.findIndex((w) => w > 0);
  const path: number[] = [];
  const onPath = new Map<number, number>();
  while (!onPath.has(at)) {
    onPath.set(at, path.length);
    path.push(at);
    at = (needs[at] as number[]).find((j) => (waiting[j] as number) > 0) as number;
  }
  const loop = path.slice(onPath.get(at));
  return [...loop, at].reverse().map((i) => (steps[i] as ProtoStep).id);
}

/** Every step reachable from `from` through dependents (not `from` itself), in position order. */
export function downstreamOf(index: ProtoIndex, from: readonly number[]): number[] {
  const seen = new Set<number>();
  const stack = [...from];
  while (stack.length > 0) {
    const i = stack.pop() as number;
    for (const d of index.dependents[i] as number[]) {
      if (!seen.has(d)) {
        seen.add(d);
        stack.push(d);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}

/** Every step `from` reaches through needs (not `from` itself). */
export function upstreamOf(index: ProtoIndex, from: number): number[] {
  const seen = new Set<number>();
  const stack = [from];
  while (stack.length > 0) {
    const i = stack.pop() as number;
    for (const n of index.needs[i] as number[]) {
      if (!seen.has(n)) {
        seen.add(n);
        stack.push(n);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}

/**
 * The molecule's steps must be the proto's, in the same order (pour makes them so; a formula
 * changed under a running molecule would break that, which pinning prevents).
 */
export function checkMatches(index: ProtoIndex, proto: Proto, mol: Molecule): Result<true> {
  if (listsOf(mol)?.proto === proto) return ok(true);
  const same =
    mol.steps.length === index.steps.length &&
    mol.steps.every((s, i) => s.id === (index.steps[i] as ProtoStep).id);
  if (!same) {
    const ids = (list: readonly { id: string }[]) => list.map((s) => s.id).join(', ');
    return err(
      'proto-mismatch',
      `molecule "${mol.id}" has steps [${ids(mol.steps)}] but its formula "${proto.formula}" has [${ids(index.steps)}]`,
    );
  }
  return ok(true);
}
