import { didYouMean } from '../../did-you-mean.js';
import { err, type MolError, ok, type Result } from '../../errors.js';
import type { Draft } from './draft.js';

/** The step's position, or an error that lists the steps there are. */
export function findStep(d: Draft, id: string): Result<number> {
  const i = d.position(id);
  return i === undefined ? unknownStep(d.base, id) : ok(i);
}

/**
 * The refusal for a step id the molecule does not have: the step it was probably meant to be, and
 * the ones it has (the first 20). Every face says it this way (`mol done m3 perp`, `/mol done perp`).
 */
export function unknownStep(
  mol: { id: string; steps: readonly { id: string }[] },
  id: string,
): { ok: false; error: MolError } {
  const ids = mol.steps.map((s) => s.id);
  const listed = ids.length > 20 ? `${ids.slice(0, 20).join(', ')}, …` : ids.join(', ');
  return err(
    'unknown-step',
    `molecule "${mol.id}" has no step "${id}"${didYouMean(id, ids)}; its steps are ${listed}`,
  );
}
