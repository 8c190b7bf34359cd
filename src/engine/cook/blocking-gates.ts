/**
 * Gates that block, as Beads has them (cmd/bd/cook.go createGateIssue): a step's gate in Beads'
 * form becomes a gate of its own, `gate-<step id>`, that the step needs, so the step does not
 * start until the gate has passed. Upstream's gate issue has no dependencies of its own (it waits
 * from the start, beside the steps before it), and so the gate step needs nothing either.
 *
 * Molecular's own gates (`checks`, `approval`, `pr-merged`, `timer` with `after`, `command`,
 * `files`, `schema`, `conditional`) keep their meaning: judged after the step's work. A step with
 * no work of its own (no run, agent, output or acceptance, no task/human type) is a gate step
 * already, and waiting before or after nothing is the same: its gates stay on it.
 */
import type { Gate, StepInput } from '../formula/formula-schema.js';
import { type CookContext, placeOf } from './cook-context.js';
import { isBlockingGate, writtenGates } from './gates.js';
import type { WorkStep } from './work-step.js';

export function applyBlockingGates(steps: readonly WorkStep[], ctx: CookContext): WorkStep[] {
  const out: WorkStep[] = [];
  for (const step of steps) {
    const written = writtenGates(step.fields);
    if (written.length === 0) {
      out.push(step);
      continue;
    }
    for (const { gate, path } of written) refuseUnsupported(step, gate, path, ctx);
    const blocking = written.filter(({ gate }) => isBlockingGate(gate));
    if (blocking.length === 0 || !doesWork(step.fields)) {
      out.push(step);
      continue;
    }
    const own = written.filter(({ gate }) => !isBlockingGate(gate)).map(({ gate }) => gate);
    const id = `gate-${step.id}`;
    const [first] = blocking as [(typeof blocking)[number]];
    const gateStep: WorkStep = {
      id,
      needs: [],
      fields: {
        id,
        title: `Gate: ${blocking.map(({ gate }) => describe(gate)).join(', ')}`,
        description: `Holds step "${step.id}" until this gate passes (a gate in Beads' form blocks its step before it runs).`,
        type: 'gate',
        gates: blocking.map(({ gate }) => gate),
        // A step its condition leaves out takes its gate with it, as upstream filters both at cook.
        ...(step.fields.condition === undefined ? {} : { condition: step.fields.condition }),
      },
      origin: { formula: step.origin.formula, path: [...step.origin.path, ...first.path] },
      written: step.written,
    };
    if (step.group !== undefined) gateStep.group = step.group;
    const { gate: _gate, gates: _gates, ...fields } = step.fields;
    const held: WorkStep = {
      ...step,
      needs: [...step.needs, id],
      fields: own.length ? { ...fields, gates: own } : fields,
    };
    out.push(gateStep, held);
  }
  return out;
}

/** Does the step have work of its own, which a blocking gate must hold back? */
function doesWork(f: StepInput): boolean {
  if (f.type === 'task' || f.type === 'human') return true;
  if (f.type === 'gate') return false;
  return f.run !== undefined || f.agent !== undefined || f.output !== undefined || f.acceptance !== undefined;
}

function describe(gate: Gate): string {
  // Upstream's gateAwaitID: await_id, else id (a gate written with only `id` names it too).
  const awaited =
    gate.type === 'gh:run' || gate.type === 'gh:pr' || gate.type === 'human' || gate.type === 'mail'
      ? (gate.await_id ?? gate.id)
      : undefined;
  const time = gate.type === 'timer' ? (gate.after ?? gate.timeout) : undefined;
  return [gate.type, awaited ?? time].filter(Boolean).join(' ');
}

/** Beads' gate keys Molecular has no meaning for: refused by name rather than ignored. */
function refuseUnsupported(step: WorkStep, gate: Gate, path: (string | number)[], ctx: CookContext): void {
  const at = (...more: string[]) => placeOf(step.origin, ...path, ...more);
  const no = (what: string, why: string, ...key: string[]) =>
    ctx.error('not-supported', `${what} is not supported yet: ${why} (step "${step.id}")`, at(...key));
  switch (gate.type) {
    case 'mail':
      if (gate.timeout !== undefined)
        no('mail timeout', 'a mail gate waits, as an approval does, without a time limit', 'timeout');
      return;
    case 'gh:pr':
      if (gate.await_id !== undefined || gate.id !== undefined) {
        no(
          'gh:pr await_id',
          'the gate waits for the molecule’s own pull request to merge',
          gate.await_id ? 'await_id' : 'id',
        );
      }
      if (gate.timeout !== undefined)
        no('gh:pr timeout', 'a merge gate waits without a time limit', 'timeout');
      return;
    case 'human':
      if (gate.timeout !== undefined)
        no('human timeout', 'an approval waits without a time limit', 'timeout');
      return;
    default:
      return;
  }
}
