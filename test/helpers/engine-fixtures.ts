/**
 * Small builders for engine tests: protos written directly (no parser), a fixed clock, and
 * `apply`, which runs one transition on a frozen molecule so any mutation of the input fails.
 */

import type { Proto, ProtoStep } from '../../src/engine/cook/proto.js';
import type { Effect } from '../../src/engine/molecule/effects.js';
import type { Molecule, StepState, StepStatus } from '../../src/engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../../src/engine/molecule/ops/events.js';
import { type PourOptions, pour } from '../../src/engine/molecule/ops/pour.js';
import { transition } from '../../src/engine/molecule/ops/transition.js';

export const T0 = new Date('2026-01-03T10:00:00.000Z');
export const at = (ms: number) => new Date(T0.getTime() + ms);
export const MIN = 60_000;

export function protoStep(id: string, needs: string[] = [], extra: Partial<ProtoStep> = {}): ProtoStep {
  return { id, title: id, description: '', needs, type: 'task', gates: [], trigger: 'all_success', ...extra };
}

export function makeProto(steps: ProtoStep[], extra: Partial<Proto> = {}): Proto {
  return {
    formula: 'test',
    description: '',
    type: 'workflow',
    execution: 'local',
    vars: {},
    steps,
    maxLoops: 3,
    ...extra,
  };
}

/** Sequential chain s0 -> s1 -> ... */
export function chainProto(n: number, extra: Partial<ProtoStep> = {}): Proto {
  return makeProto(
    Array.from({ length: n }, (_, i) => protoStep(`s${i}`, i === 0 ? [] : [`s${i - 1}`], extra)),
  );
}

export function pourMol(proto: Proto, opts: Partial<PourOptions> = {}): { mol: Molecule; effects: Effect[] } {
  const result = pour(proto, {
    id: 'm1',
    now: T0,
    vars: {},
    formula: { name: proto.formula, source: 'builtin@1' },
    ...opts,
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** One transition that must succeed; the input is frozen, so an operation that mutates it throws. */
export function apply(
  proto: Proto,
  mol: Molecule,
  event: MoleculeEvent,
  now: Date = T0,
): { mol: Molecule; effects: Effect[] } {
  const result = transition(proto, deepFreeze(mol), event, now);
  if (!result.ok) throw new Error(`${event.type} refused: ${result.error.message}`);
  return result.value;
}

/** Apply events in order, returning the last state. */
export function run(proto: Proto, mol: Molecule, events: MoleculeEvent[], now: Date = T0): Molecule {
  return events.reduce((m, e) => apply(proto, m, e, now).mol, mol);
}

/** A step's state as a test writes it: never attempted, unless `more` says otherwise. */
export function stepState(id: string, status: StepStatus, more: Partial<StepState> = {}): StepState {
  return { id, status, attempts: 0, loops: 0, ...more };
}

export function statusOf(mol: Molecule, id: string): StepStatus | undefined {
  return mol.steps.find((s) => s.id === id)?.status;
}

export function statuses(mol: Molecule): Record<string, StepStatus> {
  return Object.fromEntries(mol.steps.map((s) => [s.id, s.status]));
}

export function stepOf(mol: Molecule, id: string) {
  const step = mol.steps.find((s) => s.id === id);
  if (!step) throw new Error(`no step ${id}`);
  return step;
}

export function effectsOf<K extends Effect['type']>(
  effects: Effect[],
  type: K,
): Extract<Effect, { type: K }>[] {
  return effects.filter((e): e is Extract<Effect, { type: K }> => e.type === type);
}
