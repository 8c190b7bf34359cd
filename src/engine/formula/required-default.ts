/**
 * A variable marked `required` that also has a `default` is a contradiction: either the default
 * applies (and it is not required) or it does not (and the default is dead text). Upstream picks
 * one silently; Molecular refuses the formula and names the variable.
 */
import { isTable, type KeyPath } from './key-path.js';

export interface VarProblem {
  path: KeyPath;
  message: string;
}

const VAR_TABLES = ['vars', 'inputs'] as const;

export function findRequiredWithDefault(data: unknown): VarProblem[] {
  if (!isTable(data)) return [];
  const problems: VarProblem[] = [];
  for (const table of VAR_TABLES) {
    const vars = data[table];
    if (!isTable(vars)) continue;
    for (const [name, spec] of Object.entries(vars)) {
      if (isTable(spec) && spec.required === true && spec.default !== undefined) {
        problems.push({
          path: [table, name],
          message: `variable ${JSON.stringify(name)} is required and has a default; a required variable cannot have a default — remove one`,
        });
      }
    }
  }
  return problems;
}
