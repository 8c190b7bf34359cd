import { resolve } from 'node:path';
import { type Cooked, cook } from '../engine/cook/cook.js';
import { err, formatDiagnostic, type Result } from '../engine/errors.js';
import { parseFormula } from '../engine/formula/parse-formula.js';
import type { ParsedFormula } from '../engine/formula/parsed-formula.js';
import { type LoadedFormula, loadFormulaArg } from '../formulas/catalog.js';
import { readText } from '../formulas/formula-files.js';
import type { CliIO } from './io.js';
import { gitTopLevel } from './repo.js';

export interface CookRequest {
  formula: string;
  vars?: Record<string, string>;
  overlays?: string[];
}

export interface CookedFormula extends Cooked {
  loaded: LoadedFormula;
  overlays: ParsedFormula[];
}

/** Load a formula by path or name, apply overlays and vars, cook it; warnings go to stderr. */
export function cookFormula(io: CliIO, request: CookRequest): Result<CookedFormula> {
  const loaded = loadFormulaArg(request.formula, io.cwd, gitTopLevel(io.cwd) ?? io.cwd);
  if (!loaded.ok) return loaded;
  const overlays: ParsedFormula[] = [];
  for (const file of request.overlays ?? []) {
    let text: string;
    try {
      text = readText(resolve(io.cwd, file));
    } catch {
      return err('overlay-missing', `overlay file ${file} cannot be read`, { file });
    }
    const parsed = parseFormula(text, file);
    if (!parsed.ok) return parsed;
    if (!parsed.value.isOverlay) {
      return err('not-an-overlay', `${file} is not an overlay: an overlay holds only [[step-overrides]]`, {
        file,
      });
    }
    overlays.push(parsed.value);
  }
  const cooked = cook(loaded.value.parsed, { vars: request.vars, library: loaded.value.catalog, overlays });
  for (const problem of loaded.value.catalog.problems) io.err(formatDiagnostic(problem));
  if (!cooked.ok) return cooked;
  for (const warning of [
    ...loaded.value.parsed.warnings,
    ...overlays.flatMap((o) => o.warnings),
    ...cooked.value.warnings,
  ]) {
    io.err(formatDiagnostic(warning));
  }
  return { ok: true, value: { ...cooked.value, loaded: loaded.value, overlays } };
}
