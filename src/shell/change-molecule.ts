/**
 * The one way every face changes a molecule: the engine's pure transitions applied inside the
 * store's `mutate` (lock, read, verify, write, re-read), to whatever the molecule is at that
 * moment (another process may have moved it). On top of that:
 *
 * - the events can be chosen from the molecule as read under the lock (a step report checks its
 *   lease there; a person failing a step nobody started sends start, then fail), and a list of
 *   events is one write: all apply or none does;
 * - a change that changes nothing (a redelivered completion) writes nothing;
 * - a person's command is recorded in the history under its idempotency key (the comment id and
 *   line), so a redelivered comment finds its key there and changes nothing. The key lives in the
 *   state itself, so it holds across restarts and replicas, unlike an in-memory set.
 */

import {
  type Effect,
  err,
  type Molecule,
  type MoleculeEvent,
  type MoleculeStore,
  ok,
  type Proto,
  type Result,
  transitionAll,
} from '../engine/index.js';

export interface CommandMarker {
  /** `comment 123 line 2`: unique per command line. */
  key: string;
  by: string;
  /** The command as written, for the history. */
  text: string;
}

export interface Change {
  mol: Molecule;
  effects: Effect[];
  /** False when nothing was written (no change, or a command already handled). */
  changed: boolean;
  /** The command's key was already in the history: a redelivery. */
  duplicate?: boolean;
}

const UNCHANGED = 'unchanged';
const DUPLICATE = 'already-handled';
const MAX_NOTE = 300;

/**
 * What to apply: one event, several applied as one write, or either chosen from the molecule as
 * read under the lock (a refusal there writes nothing).
 */
export type EventPlan =
  | MoleculeEvent
  | readonly MoleculeEvent[]
  | ((current: Molecule) => Result<MoleculeEvent | readonly MoleculeEvent[]>);

/** The proto, or a way to find it from the molecule without I/O; `undefined`: not known yet. */
export type ProtoChoice = Proto | ((current: Molecule) => Proto | undefined);

export const NEEDS_PROTO = 'needs-proto';

/**
 * Fails with `needs-proto` (and writes nothing) when `proto` is a function that does not know the
 * molecule's proto: the caller loads it (I/O) and calls again. `readFirst` then holds the molecule.
 */
export async function changeMolecule(
  store: MoleculeStore,
  proto: ProtoChoice,
  molId: string,
  plan: EventPlan,
  now: Date,
  marker?: CommandMarker,
  readFirst?: { mol?: Molecule },
): Promise<Result<Change>> {
  let noop: { mol: Molecule; effects: Effect[] } | undefined;
  let handled: Molecule | undefined;
  const result = await store.mutate(molId, (current) => {
    noop = undefined;
    handled = undefined;
    if (marker && handledUnder(current, marker.key)) {
      handled = current;
      return err(DUPLICATE, `${marker.key} was already handled`);
    }
    const known = typeof proto === 'function' ? proto(current) : proto;
    if (!known) {
      if (readFirst) readFirst.mol = current;
      return err(NEEDS_PROTO, `the formula of molecule ${molId} must be loaded first`);
    }
    const chosen = typeof plan === 'function' ? plan(current) : ok(plan);
    if (!chosen.ok) return chosen;
    const events: readonly MoleculeEvent[] = isList(chosen.value) ? chosen.value : [chosen.value];
    const next = transitionAll(known, current, events, now);
    if (!next.ok) return next;
    if (next.value.mol === current) {
      noop = next.value;
      return err(UNCHANGED, 'nothing changed');
    }
    if (!marker) return next;
    const note = `${marker.key}: ${marker.text}`;
    const entry = {
      at: now.toISOString(),
      event: 'command',
      by: marker.by,
      note: note.length > MAX_NOTE ? `${note.slice(0, MAX_NOTE - 1)}…` : note,
    };
    return ok({
      mol: { ...next.value.mol, history: [...next.value.mol.history, entry] },
      effects: next.value.effects,
    });
  });
  if (result.ok) return ok({ ...result.value, changed: true });
  if (result.error.code === UNCHANGED && noop) return ok({ ...noop, changed: false });
  if (result.error.code === DUPLICATE && handled)
    return ok({ mol: handled, effects: [], changed: false, duplicate: true });
  return result;
}

function isList(value: MoleculeEvent | readonly MoleculeEvent[]): value is readonly MoleculeEvent[] {
  return Array.isArray(value);
}

/** Was a command with this key applied to the molecule already? */
export function handledUnder(mol: Molecule, key: string): boolean {
  return mol.history.some((h) => h.event === 'command' && (h.note === key || h.note?.startsWith(`${key}:`)));
}
