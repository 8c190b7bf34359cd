/**
 * `transition(proto, mol, event, now)`: the one entry point for changing a molecule. It checks
 * the molecule machine, hands the event to its operation, lets the scheduler advance and settle,
 * and returns the new state with its effects. Pure: the input is never changed; a refused event
 * returns an error and no state; an event that changes nothing returns the same molecule (same
 * rev) with a notice, so stores can skip the write.
 */

import type { Proto } from '../../cook/proto.js';
import { ok, type Result } from '../../errors.js';
import { deliveryEffect, dueDelivery } from '../delivery.js';
import type { Effect } from '../effects.js';
import { fanoutItems, spawnerPositions, withFanouts, withoutFanouts } from '../fanout.js';
import { MOLECULE_MACHINE, type MoleculeMachineEvent } from '../machine/molecule-machine.js';
import { refuse } from '../machine/refusal.js';
import { canTransition, targetsOf } from '../machine/table.js';
import type { Molecule, MoleculeStatus, StepState } from '../molecule-schema.js';
import { advance, settle } from '../scheduler.js';
import { labelChangeOf, moleculeLabel, statusLabel } from '../status-labels.js';
import { raiseBudget } from './budget-stop.js';
import { burn, evaporate } from './burn.js';
import { approve, complete, gates } from './complete.js';
import { changesRequested, delivered, deliveryFailed } from './delivered.js';
import { Draft } from './draft.js';
import type { MoleculeEvent, MoleculeEventType } from './events.js';
import { fail, timeout } from './fail.js';
import { listsFor, moleculeWith } from './molecule-lists.js';
import { nudge } from './nudge.js';
import { pause, unpause } from './pause.js';
import { checkMatches, indexProto, type ProtoIndex } from './proto-index.js';
import { redeliver } from './redeliver.js';
import { reset } from './reset.js';
import { release, resume } from './resume.js';
import { retry } from './retry.js';
import { rollback, rollbackCandidates } from './rollback.js';
import { skip } from './skip.js';
import { squash } from './squash.js';
import { start } from './start.js';

export type TransitionResult = Result<{ mol: Molecule; effects: Effect[] }>;

type Handler<K extends MoleculeEventType> = (
  d: Draft,
  e: Extract<MoleculeEvent, { type: K }>,
) => Result<void>;
const HANDLERS: { [K in Exclude<MoleculeEventType, 'reset' | 'force-reset'>]: Handler<K> } = {
  start,
  complete,
  gates,
  approve,
  fail,
  timeout,
  retry,
  skip,
  nudge,
  release,
  resume,
  rollback,
  pause,
  unpause,
  squash,
  burn,
  evaporate,
  budget: raiseBudget,
  delivered,
  redeliver,
  'delivery-failed': deliveryFailed,
  'changes-requested': changesRequested,
};

export function transition(cooked: Proto, mol: Molecule, event: MoleculeEvent, now: Date): TransitionResult {
  const proto = withFanouts(cooked, mol);
  const index = indexProto(proto);
  if (!index.ok) return index;
  const matches = checkMatches(index.value, proto, mol);
  if (!matches.ok) return matches;
  const machineEvent = machineEventOf(event, mol.status);
  if (!canTransition(MOLECULE_MACHINE, mol.status, machineEvent)) {
    return refuse('molecule', mol.id, mol.status, machineEvent, moleculeHint(mol.status, machineEvent));
  }
  if (event.type === 'reset' || event.type === 'force-reset')
    return resetFresh(proto, index.value, mol, event, now);
  const d = new Draft(proto, index.value, mol, now);
  const handled = (HANDLERS[event.type] as Handler<typeof event.type>)(d, event as never);
  if (!handled.ok) return handled;
  if (!d.changed) return ok(d.build());
  // Step work on a pending molecule starts it; work on a failed one reopens it (the table says where).
  const target = targetsOf(MOLECULE_MACHINE, mol.status, machineEvent)[0];
  if (
    target !== undefined &&
    d.status === mol.status &&
    target !== mol.status &&
    target !== 'squashed' &&
    target !== 'burned'
  ) {
    d.moveMolecule(machineEvent, target, 'by' in event && event.by !== undefined ? { by: event.by } : {});
  }
  const spawned = fanOut(cooked, d);
  if (spawned) return spawned;
  advance(d, event.type === 'rollback' ? rollbackCandidates(d, event) : []);
  settle(d);
  const built = d.build();
  const deliver = deliveryEffect(proto, mol, built.mol);
  if (deliver !== undefined) {
    built.effects.push(deliver);
    // Written with the completion, so a delivery that never happens is found by patrol.
    const due = dueDelivery(built.mol, d.at);
    if (due !== undefined) built.mol = { ...built.mol, delivery: due };
  }
  return ok(withDeliveryLabels(mol, built));
}

/**
 * A complete molecule whose delivery is due keeps the live label (patrol's survey searches by it)
 * until the delivery is recorded: the status moves' own label changes give way to the molecule's.
 */
function withDeliveryLabels(
  before: Molecule,
  built: { mol: Molecule; effects: Effect[] },
): { mol: Molecule; effects: Effect[] } {
  const after = built.mol;
  const plain = (m: Molecule) => moleculeLabel(m) === statusLabel(m.status);
  if (plain(before) && plain(after)) return built;
  const effects: Effect[] = built.effects.filter((e) => e.type !== 'labels');
  const change = labelChangeOf(before, after);
  if (change !== undefined) effects.push({ type: 'labels', ...change });
  return { mol: after, effects };
}

/** A fresh pour has no fan-out children: it starts from the cooked proto. */
function resetFresh(
  proto: Proto,
  index: ProtoIndex,
  mol: Molecule,
  event: Extract<MoleculeEvent, { type: 'reset' | 'force-reset' }>,
  now: Date,
): TransitionResult {
  const base = withoutFanouts(proto);
  if (base === proto) return reset(proto, index, mol, event, now);
  const fresh = indexProto(base);
  if (!fresh.ok) return fresh;
  const steps = mol.steps.filter((s) => fresh.value.position.has(s.id));
  return reset(base, fresh.value, { ...mol, steps, history: mol.history }, event, now);
}

/**
 * A fan-out step the operation completed records its items, and its children join the molecule
 * (pending, after every step it had) before the scheduler runs over the grown molecule: the
 * children and what the operation changed are advanced together, so a molecule never settles
 * between a fan-out and its children.
 */
function fanOut(cooked: Proto, d: Draft): TransitionResult | undefined {
  let found = false;
  for (const i of spawnerPositions(d.proto)) {
    const def = d.def(i);
    const step = d.step(i);
    if (def.fanout === undefined || step.status !== 'completed' || step.fanout !== undefined) continue;
    const items = fanoutItems(step.id, def.fanout, step.checkpoint?.outputTail);
    d.patch(i, { fanout: items.ok ? items.value : [] });
    d.record('fan-out', {
      step: step.id,
      note: `${items.ok ? items.value.length : 0} item(s) of ${def.fanout.forEach} bonded to ${def.fanout.bond}`,
    });
    found = true;
  }
  if (!found) return undefined;
  const before = d.base;
  const mid = d.build();
  const grown = withFanouts(cooked, mid.mol);
  const have = new Set(mid.mol.steps.map((s) => s.id));
  const added = grown.steps
    .filter((s) => !have.has(s.id))
    .map((s) => ({ id: s.id, status: 'pending' as const, attempts: 0, loops: 0 }));
  const mol: Molecule = { ...mid.mol, steps: [...mid.mol.steps, ...added], history: mid.mol.history };
  const index = indexProto(grown);
  if (!index.ok) return index;
  const d2 = new Draft(grown, index.value, mol, d.now);
  const moved: number[] = [];
  for (let i = 0; i < mol.steps.length; i++) {
    const changed =
      i >= before.steps.length ||
      (mol.steps[i] as StepState).status !== (before.steps[i] as StepState).status;
    // The scheduler looks at a candidate itself; what the operation moved passes on to its dependents.
    if (changed) moved.push(i, ...(index.value.dependents[i] as number[]));
  }
  advance(d2, moved);
  settle(d2);
  const done = d2.build(before.rev + 1);
  return ok({ mol: done.mol, effects: [...mid.effects, ...done.effects] });
}

/**
 * Several events as one change (a person failing a step nobody started: start, then fail): each
 * applies to what the one before left, the effects add up, and the first refusal refuses them all.
 * The result is one revision on; when none changes anything the same molecule comes back, so a
 * store skips the write.
 */
export function transitionAll(
  proto: Proto,
  mol: Molecule,
  events: readonly MoleculeEvent[],
  now: Date,
): TransitionResult {
  let current = mol;
  const effects: Effect[] = [];
  for (const event of events) {
    const next = transition(proto, current, event, now);
    if (!next.ok) return next;
    current = next.value.mol;
    effects.push(...next.value.effects);
  }
  if (current === mol) return ok({ mol, effects });
  // One write is one revision, however many events it holds.
  const one = moleculeWith(current, listsFor(current));
  one.rev = mol.rev + 1;
  return ok({ mol: one, effects });
}

function machineEventOf(event: MoleculeEvent, status: MoleculeStatus): MoleculeMachineEvent {
  if (
    event.type === 'squash' &&
    event.summary !== undefined &&
    status !== 'complete' &&
    status !== 'failed'
  ) {
    return 'squash-unfinished';
  }
  return event.type;
}

function moleculeHint(status: MoleculeStatus, event: MoleculeMachineEvent): string | undefined {
  if (status === 'squashed' || status === 'burned') return 'it is gone';
  if (event === 'squash') return 'to archive unfinished work, give a summary: /mol squash <summary>';
  if (event === 'reset')
    return 'reset works on complete or failed molecules; /mol reset --force works from any state';
  if (status === 'paused' && event !== 'pause') return 'unpause it first';
  if (event === 'unpause') return 'it is not paused';
  if (status === 'pending' && event === 'rollback') return 'nothing has run yet';
  if (status === 'complete' || status === 'failed')
    return `roll it back, reset it, or retry a failed step to work on it again`;
  return undefined;
}
