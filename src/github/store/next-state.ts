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
} from '../../engine/index.js';
import { httpMessage } from '../client.js';

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

/**
 * Reducers queued together, applied in order, each to what the ones before it left: one write
 * for all. Each keeps its own verdict and the molecule as it left it (checked, one revision on);
 * one that fails changes nothing for the others. After a squash or burn the molecule is gone for
 * the reducers behind it. The mutation holds the last molecule and every effect, in order.
 */
export function applyInOrder(
  fns: readonly Mutator[],
  start: Molecule,
  id: string,
  where: string,
): { results: Result<Mutation>[]; mutation: Mutation } {
  const results: Result<Mutation>[] = [];
  const effects: Effect[] = [];
  let mol = start;
  for (const fn of fns) {
    if (mol.status === 'squashed' || mol.status === 'burned') {
      results.push(err('not-found', `there is no live molecule ${id} in ${where}`));
      continue;
    }
    const next = applyMutator(fn, mol);
    if (!next.ok) {
      results.push(next);
      continue;
    }
    // Each is checked on its own, so a bad one fails alone; each is one revision, as in the local store.
    const checked = nextStateOf(mol, next.value);
    if (!checked.ok) {
      results.push(checked);
      continue;
    }
    mol = checked.value;
    effects.push(...next.value.effects);
    results.push(ok({ mol, effects: next.value.effects }));
  }
  return { results, mutation: { mol, effects } };
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
