import { err, ok, type Result } from '../../errors.js';
import type { Molecule } from '../molecule-schema.js';
import type { Draft } from './draft.js';

/** The step's position, or an error that lists the steps there are. */
export function findStep(d: Draft, id: string): Result<number> {
  const i = d.position(id);
  return i === undefined ? unknownStep(d.base, id) : ok(i);
}

/** The refusal for a step id the molecule does not have, naming the ones it has (the first 20). */
export function unknownStep(mol: Molecule, id: string): Result<never> {
  const ids = mol.steps.map((s) => s.id);
  const listed = ids.length > 20 ? `${ids.slice(0, 20).join(', ')}, …` : ids.join(', ');
  return err('unknown-step', `molecule "${mol.id}" has no step "${id}"; its steps are ${listed}`);
}
