/**
 * Every gate type a cooked step can carry, and who judges it: the step's workspace (its files, a
 * command), GitHub (check runs, the pull request), the clock, a person (`/mol approve`,
 * `mol approve`) or the molecule's own vars. A face judges what it can reach and leaves the rest
 * waiting, with the sentence `waitingOn` gives.
 *
 * Each face's table is a `GateJudges`: one entry per gate type, a judge or `null` (another judge
 * decides it). A new gate type in proto.ts does not compile until `GATE_JUDGES` and every face's
 * table say who decides it.
 */
import type { ProtoGate, ProtoStep } from '../cook/proto.js';
import { evaluateCondition } from '../formula/condition.js';
import type { GateResult } from './molecule-schema.js';

export type GateType = ProtoGate['type'];
export type GateOf<T extends GateType> = Extract<ProtoGate, { type: T }>;
export type GateJudgeKind = 'workspace' | 'github' | 'clock' | 'person' | 'vars';

export const GATE_JUDGES = {
  command: 'workspace',
  files: 'workspace',
  schema: 'workspace',
  timer: 'clock',
  approval: 'person',
  checks: 'github',
  'pr-merged': 'github',
  conditional: 'vars',
} as const satisfies Record<GateType, GateJudgeKind>;

export type GateJudge<T extends GateType, C> = (
  gate: GateOf<T>,
  context: C,
) => GateResult | Promise<GateResult>;

/** A face's judges: for each gate type, how this face judges it, or null when it waits for another. */
export type GateJudges<C> = { readonly [T in GateType]: GateJudge<T, C> | null };

/** Judges `gate` with the face's table; a type the face leaves to others is waiting (`passed: null`). */
export async function judgeGate<C>(judges: GateJudges<C>, gate: ProtoGate, context: C): Promise<GateResult> {
  const judge = judges[gate.type] as GateJudge<GateType, C> | null;
  return judge ? judge(gate as never, context) : waitingOn(gate);
}

/** True when this face's table judges `type` itself. */
export const judgesHere = <C>(judges: GateJudges<C>, type: GateType): boolean => judges[type] !== null;

/** What a gate waits for where it is not judged. */
export function waitingOn(gate: ProtoGate): GateResult {
  const passed = null;
  switch (gate.type) {
    case 'approval':
      return {
        type: gate.type,
        passed,
        detail: `waiting for approval by someone with ${gate.permission} permission`,
      };
    case 'checks':
      return {
        type: gate.type,
        passed,
        detail: `waiting for checks: ${gate.names.length > 0 ? gate.names.join(', ') : 'all'}`,
      };
    case 'pr-merged':
      return { type: gate.type, passed, detail: 'waiting for the pull request to be merged' };
    case 'command':
    case 'files':
    case 'schema':
      return { type: gate.type, passed, detail: 'judged by the step job, on its checkout' };
    case 'timer':
      return { type: gate.type, passed, detail: `waiting ${gate.after}` };
    case 'conditional':
      return { type: gate.type, passed, detail: `waiting for the condition ${gate.condition}` };
  }
}

/**
 * A `conditional` gate passes when its condition holds over the molecule's vars and fails when it
 * does not; the same on every face, since the vars travel with the molecule.
 */
export function judgeConditional(
  gate: GateOf<'conditional'>,
  vars: Readonly<Record<string, string>>,
): GateResult {
  const value = evaluateCondition(gate.condition, vars);
  if (!value.ok) return { type: 'conditional', passed: false, detail: value.error.message };
  return {
    type: 'conditional',
    passed: value.value,
    detail: `${gate.condition} is ${value.value ? 'true' : 'false'}`,
  };
}

/** A gate step with no work of its own: its gates are judged as soon as its needs are done. */
export function judgedOnReady(def: ProtoStep): boolean {
  return def.type === 'gate' && def.run === undefined && def.agent === undefined && def.gates.length > 0;
}
