/**
 * `transition(proto, mol, event, now)`: the one entry point for changing a molecule. It checks
 * the molecule machine, hands the event to its operation, lets the scheduler advance and settle,
 * and returns the new state with its effects. Pure: the input is never changed; a refused event
 * returns an error and no state; an event that changes nothing returns the same molecule (same
 * rev) with a notice, so stores can skip the write.
 */

import type { Proto } from '../../cook/proto.js';
import { ok, type Result } from '../../errors.js';
import { deliveryEffect } from '../delivery.js';
import type { Effect } from '../effects.js';
import { MOLECULE_MACHINE, type MoleculeMachineEvent } from '../machine/molecule-machine.js';
import { refuse } from '../machine/refusal.js';
import { canTransition, targetsOf } from '../machine/table.js';
import type { Molecule, MoleculeStatus } from '../molecule-schema.js';
import { advance, settle } from '../scheduler.js';
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
import { checkMatches, indexProto } from './proto-index.js';
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
  'delivery-failed': deliveryFailed,
  'changes-requested': changesRequested,
};

export function transition(proto: Proto, mol: Molecule, event: MoleculeEvent, now: Date): TransitionResult {
  const index = indexProto(proto);
  if (!index.ok) return index;
  const matches = checkMatches(index.value, proto, mol);
  if (!matches.ok) return matches;
  const machineEvent = machineEventOf(event, mol.status);
  if (!canTransition(MOLECULE_MACHINE, mol.status, machineEvent)) {
    return refuse('molecule', mol.id, mol.status, machineEvent, moleculeHint(mol.status, machineEvent));
  }
  if (event.type === 'reset' || event.type === 'force-reset')
    return reset(proto, index.value, mol, event, now);
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
  advance(d, event.type === 'rollback' ? rollbackCandidates(d, event) : []);
  settle(d);
  const built = d.build();
  const deliver = deliveryEffect(proto, mol, built.mol);
  if (deliver !== undefined) built.effects.push(deliver);
  return ok(built);
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
