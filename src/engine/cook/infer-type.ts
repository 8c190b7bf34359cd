import type { FormulaInput, FormulaType } from '../formula/formula-schema.js';

/** A formula's kind, plus `overlay` for a file that only modifies another formula. */
export type FormulaKind = FormulaType | 'overlay';

/**
 * What a formula is when it does not say (`type` absent), decided from its content the way Gas
 * Town does: a `template` makes an expansion, `advice`/`pointcuts` (or Gas Town's `[[aspects]]`) an aspect, `legs` a convoy, and
 * a file of nothing but `[[step-overrides]]` is an overlay; anything else is a workflow.
 */
export function inferType(data: FormulaInput): FormulaKind {
  if (data.type) return data.type;
  if (data.template?.length) return 'expansion';
  if (data.advice?.length || data.pointcuts?.length || data.aspects?.length) return 'aspect';
  if (data.legs?.length) return 'convoy';
  const hasOwnWork = Boolean(data.steps?.length || data.extends?.length || data.synthesis || data.compose);
  if (data['step-overrides'] && !hasOwnWork) return 'overlay';
  return 'workflow';
}
