/**
 * Gate results on a step: merged by type as they arrive, and the verdict they add up to.
 */

import type { ProtoStep } from '../../cook/proto.js';
import type { GateResult } from '../molecule-schema.js';

export type GateVerdict = 'passed' | 'failed' | 'waiting';

/** One waiting result per gate the step declares: what a check run shows before anything is known. */
export function waitingGates(def: ProtoStep): GateResult[] {
  return def.gates.map((g) => ({ type: g.type, passed: null, detail: 'waiting' }));
}

/** Incoming results replace the current result of the same type; results of other types are added. */
export function mergeGates(current: readonly GateResult[], incoming: readonly GateResult[]): GateResult[] {
  const merged = [...current];
  for (const result of incoming) {
    const at = merged.findIndex((g) => g.type === result.type);
    if (at >= 0) merged[at] = result;
    else merged.push(result);
  }
  return merged;
}

export function gateVerdict(gates: readonly GateResult[]): GateVerdict {
  if (gates.some((g) => g.passed === false)) return 'failed';
  if (gates.some((g) => g.passed === null)) return 'waiting';
  return 'passed';
}

/** The failing gates as one line: the step's error. */
export function failingDetail(gates: readonly GateResult[]): string {
  return gates
    .filter((g) => g.passed === false)
    .map((g) => `gate ${g.type} failed: ${g.detail}`)
    .join('; ');
}
