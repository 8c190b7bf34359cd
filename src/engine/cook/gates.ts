import type { Gate, StepInput } from '../formula/formula-schema.js';
import type { ProtoGate } from './proto.js';

/**
 * A step's gates as one list (`gate` may be one table or a list, `gates` a list), with Beads'
 * names mapped to ours: `gh:run` waits for the named CI workflow's checks, `gh:pr` for the pull
 * request to merge, `human` for an approval by someone with write access. An `approval` that
 * names no permission asks for `maintain`, the level `/mol approve` needs by default.
 */
export function normalizeGates(step: StepInput): ProtoGate[] {
  return writtenGates(step).flatMap(({ gate }) => {
    const out = normalizeGate(gate);
    return out === undefined ? [] : [out];
  });
}

/** A step's gates as written, each with its key path in the step (for messages). */
export function writtenGates(step: StepInput): { gate: Gate; path: (string | number)[] }[] {
  const gate = step.gate;
  return [
    ...(gate === undefined
      ? []
      : Array.isArray(gate)
        ? gate.map((g, i) => ({ gate: g, path: ['gate', i] }))
        : [{ gate, path: ['gate'] }]),
    ...(step.gates ?? []).map((g, i) => ({ gate: g, path: ['gates', i] })),
  ];
}

/**
 * Beads' form of a gate (types.go Gate; cook.go createGateIssue makes it an issue the step
 * depends on): `gh:run`, `gh:pr`, `human`, `mail`, or a `timer` with a `timeout` and no `after`.
 */
export function isBlockingGate(gate: Gate): boolean {
  switch (gate.type) {
    case 'gh:run':
    case 'gh:pr':
    case 'human':
    case 'mail':
      return true;
    case 'timer':
      return gate.after === undefined && gate.timeout !== undefined;
    default:
      return false;
  }
}

/** Undefined for a gate Molecular cannot judge (`mail`, a timer with no time): cook refuses those. */
function normalizeGate(gate: Gate): ProtoGate | undefined {
  switch (gate.type) {
    case 'command':
      return gate.timeout === undefined
        ? { type: 'command', run: gate.run }
        : { type: 'command', run: gate.run, timeout: gate.timeout };
    case 'files':
      return { type: 'files', paths: [...gate.paths] };
    case 'checks':
    case 'gh:run': {
      const awaited = gate.type === 'gh:run' ? (gate.await_id ?? gate.id) : undefined;
      const names = gate.type === 'checks' ? [...(gate.names ?? [])] : awaited === undefined ? [] : [awaited];
      return gate.timeout === undefined
        ? { type: 'checks', names }
        : { type: 'checks', names, timeout: gate.timeout };
    }
    case 'approval':
      return { type: 'approval', permission: gate.permission ?? 'maintain' };
    case 'human':
      return { type: 'approval', permission: gate.permission ?? 'write' };
    // Beads has no check for a mail gate (cmd/bd/gate.go gateCheck skips it with the human gates):
    // its gate issue waits until someone resolves it by hand, which is what an approval is here.
    case 'mail':
      return { type: 'approval', permission: 'write' };
    case 'pr-merged':
    case 'gh:pr':
      return { type: 'pr-merged' };
    case 'timer': {
      const after = gate.after ?? gate.timeout;
      return after === undefined ? undefined : { type: 'timer', after };
    }
    case 'schema':
      return { type: 'schema', file: gate.file, schema: gate.schema };
    case 'conditional':
      return { type: 'conditional', condition: gate.condition };
  }
}

/** Gates that wait for something outside the step (CI, a merge, a person, time) rather than check its work. */
const WAITING_GATES = new Set<ProtoGate['type']>(['checks', 'pr-merged', 'approval', 'timer']);

/**
 * A step with no `type` is a gate step when waiting is its only job: it has gates, all of the
 * waiting kind, and nothing to do or produce (no `run`, `output` or `acceptance`) — Beads'
 * "await CI" steps. A step whose gate checks files, a command or a schema is checking work it was
 * asked to do, so it stays a task.
 */
export function isGateOnly(step: StepInput, gates: readonly ProtoGate[]): boolean {
  if (gates.length === 0) return false;
  if (step.run !== undefined || step.agent !== undefined) return false;
  if (step.output !== undefined || step.acceptance !== undefined) return false;
  return gates.every((g) => WAITING_GATES.has(g.type));
}
