/** Shared by the cook tests: formulas from inline TOML through the real parser, and a library of them. */
import type { FormulaLibrary } from '../../../../src/engine/cook/cook.js';
import { parseFormula } from '../../../../src/engine/formula/parse-formula.js';
import type { ParsedFormula } from '../../../../src/engine/formula/parsed-formula.js';

export function formula(text: string, file = 'test.formula.toml'): ParsedFormula {
  const parsed = parseFormula(text, file);
  if (!parsed.ok) throw new Error(`fixture ${file} does not parse: ${parsed.error.message}`);
  return parsed.value;
}

/** A library keyed by each formula's name (its `formula` key, else its file name). */
export function library(...formulas: ParsedFormula[]): FormulaLibrary {
  const byName = new Map(formulas.map((f) => [f.data.formula ?? f.file, f]));
  return { get: (name) => byName.get(name) };
}

/** Line of `needle` (1-based) in `text`, to check the places errors point at. */
export function lineOf(text: string, needle: string, occurrence = 1): number {
  let at = -1;
  for (let i = 0; i < occurrence; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" occurs fewer than ${occurrence} times`);
  }
  return text.slice(0, at).split('\n').length;
}
