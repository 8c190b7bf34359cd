/**
 * What a reducer's result becomes before it is written: checked the way the local store checks
 * it (same id, exactly one revision on, a valid molecule, an archive record for a squash), so
 * both stores refuse the same bad mutations with the same codes.
 */

import {
  type ArchiveRecord,
  ArchiveRecordSchema,
  type Effect,
  err,
  type Molecule,
  MoleculeSchema,
  type Mutation,
  type Mutator,
  ok,
  type Result,
} from '../engine/index.js';
import { httpMessage } from './client.js';

export function applyMutator(fn: Mutator, current: Molecule): Result<Mutation> {
  try {
    // The reducer gets its own copy: one that edits its input must not change what we compare against.
    return fn(structuredClone(current));
  } catch (error) {
    return err(
      'mutator-threw',
      `the change to molecule ${current.id} threw instead of returning an error: ${httpMessage(error)}`,
    );
  }
}

export function nextStateOf(before: Molecule, mutation: Mutation): Result<Molecule> {
  if (mutation.mol.id !== before.id) {
    return err(
      'state-invalid',
      `a change to molecule ${before.id} tried to rename it to ${mutation.mol.id}; nothing was written`,
    );
  }
  // Whatever rev the reducer returned, a write is exactly one revision after the one it read.
  const parsed = MoleculeSchema.safeParse({ ...mutation.mol, rev: before.rev + 1 });
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  return err(
    'state-invalid',
    `the new state of molecule ${before.id} is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}; nothing was written`,
  );
}

export function archiveOf(effects: Effect[], id: string): Result<ArchiveRecord> {
  const effect = effects.find((e): e is Extract<Effect, { type: 'archive' }> => e.type === 'archive');
  if (!effect) {
    return err(
      'archive-missing',
      `squashing molecule ${id} needs an archive effect holding the record; nothing was written`,
    );
  }
  const parsed = ArchiveRecordSchema.safeParse(effect.record);
  if (!parsed.success)
    return err('state-invalid', `the archive record of molecule ${id} is invalid; nothing was written`);
  if (parsed.data.id !== id)
    return err('state-invalid', `the archive record names molecule ${parsed.data.id}, not ${id}`);
  return ok(parsed.data);
}
