/**
 * Files that sit beside formulas upstream but are not formulas: said as what they are, rather
 * than "has no steps" or a syntax error, so a person who points `mol` at one knows what to do.
 */
import { isTable } from './key-path.js';

/** A YAML file, whatever it holds: Molecular reads TOML and JSON only. */
export function yamlFileProblem(file: string): string | undefined {
  if (!/\.ya?ml$/i.test(file)) return undefined;
  return `${file} is YAML: Molecular reads formulas written in TOML (.formula.toml) or JSON (.formula.json); write it in one of those`;
}

/** Gas City's and Gas Town's other TOML files: found by name, or by their one top-level table. */
const KINDS = [
  {
    key: 'order',
    what: 'a Gas City order (orders/<name>/order.toml: a trigger that dispatches a formula or a script when its gate fires)',
  },
  {
    key: 'automation',
    what: "a Gas City automation (an order's former name: a trigger that dispatches a formula or a script when its gate fires)",
  },
  { key: 'plugin', what: 'a plugin manifest (it describes a plugin, not a workflow)' },
] as const;

export function otherTomlProblem(file: string, raw: unknown): string | undefined {
  const base = (file.split(/[\\/]/).pop() ?? '').toLowerCase();
  const formulaKeys = ['steps', 'legs', 'template', 'advice', 'extends', 'formula'];
  const hasFormulaKeys = isTable(raw) && formulaKeys.some((k) => Object.hasOwn(raw, k));
  for (const { key, what } of KINDS) {
    const named = base === `${key}.toml`;
    const shaped = isTable(raw) && isTable(raw[key]) && !hasFormulaKeys;
    if (named || shaped) {
      return `${file} is ${what}, not a formula: run the formula it names${key === 'plugin' ? '' : ' (its `formula` key)'} instead`;
    }
  }
  return undefined;
}
