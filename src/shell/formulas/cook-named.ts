/**
 * A formula by name (or path, for a local source) cooked with vars and overlays: what `mol cook`,
 * `mol graph` and every pour start from. Problems met finding formulas by name, and the parser's
 * and cook's warnings, go to `tell`; errors are the result.
 */

import {
  type Cooked,
  cook,
  type Diagnostic,
  type FormulaSource,
  type MolError,
  type ResolvedFormula,
  type Result,
} from '../../engine/index.js';

export interface CookRequest {
  formula: string;
  vars?: Record<string, string>;
  overlays?: readonly string[];
}

export interface CookedFormula extends Cooked {
  resolved: ResolvedFormula;
}

export type Tell = (diagnostic: Diagnostic | MolError) => void;

export async function cookNamed(
  source: FormulaSource,
  request: CookRequest,
  tell: Tell = () => {},
): Promise<Result<CookedFormula>> {
  const resolved = await source.resolve(request.formula, request.overlays ?? []);
  if (!resolved.ok) return resolved;
  const { root, library, overlays, problems } = resolved.value;
  const cooked = cook(root, { vars: request.vars ?? {}, library, overlays });
  for (const problem of problems) tell(problem);
  if (!cooked.ok) return cooked;
  for (const warning of [...root.warnings, ...overlays.flatMap((o) => o.warnings), ...cooked.value.warnings])
    tell(warning);
  return { ok: true, value: { ...cooked.value, resolved: resolved.value } };
}
