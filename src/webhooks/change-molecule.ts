/**
 * The one way handlers change a molecule: the engine's pure `transition` applied inside the
 * store's `mutate` (lock, read, verify, write, re-read), to whatever the molecule is at that
 * moment. Two things a webhook face needs on top:
 *
 * - an event that changes nothing (a redelivered completion) writes nothing;
 * - a person's command is recorded in the history under its idempotency key (the comment id and
 *   line), so a redelivered comment finds its key there and changes nothing. The key lives in the
 *   state itself, so it holds across restarts and replicas, unlike an in-memory set.
 */

import type { Proto } from '../engine/cook/proto.js';
import { err, ok, type Result } from '../engine/errors.js';
import type { Effect } from '../engine/molecule/effects.js';
import type { Molecule } from '../engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../engine/molecule/ops/events.js';
import { transition } from '../engine/molecule/ops/transition.js';
import type { MoleculeStore } from '../engine/molecule/store.js';

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

/** The event, decided on the molecule as read under the lock (a step report checks its lease there). */
export type EventChoice = MoleculeEvent | ((current: Molecule) => Result<MoleculeEvent>);

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
  event: EventChoice,
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
    const chosen = typeof event === 'function' ? event(current) : ok(event);
    if (!chosen.ok) return chosen;
    const next = transition(known, current, chosen.value, now);
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

/** Was a command with this key applied to the molecule already? */
export function handledUnder(mol: Molecule, key: string): boolean {
  return mol.history.some((h) => h.event === 'command' && (h.note === key || h.note?.startsWith(`${key}:`)));
}
