/**
 * `{{var}}` inside a `run` command would paste issue text into a shell line: an injection. Variables
 * reach commands only as environment variables `MOL_VAR_<NAME>`, so a placeholder in any `run`
 * (step, gate, leg, synthesis, template, advice, step override) is refused with the variable to use.
 */
import { formatKeyPath, isTable, type KeyPath } from './key-path.js';

export interface RunProblem {
  path: KeyPath;
  message: string;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

/** `MOL_VAR_<NAME>`: upper case, anything but letters and digits as `_`. */
export function varEnvName(name: string): string {
  return `MOL_VAR_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export function findRunPlaceholders(data: unknown): RunProblem[] {
  const problems: RunProblem[] = [];
  if (!isTable(data)) return problems;
  const check = (owner: unknown, path: KeyPath) => {
    if (!isTable(owner) || typeof owner.run !== 'string') return;
    const names = [...new Set([...owner.run.matchAll(PLACEHOLDER)].map((match) => match[1] as string))];
    if (names.length === 0) return;
    const runPath = [...path, 'run'];
    const used = names.map((name) => `{{${name}}}`).join(', ');
    const instead = names.map((name) => `"$${varEnvName(name)}"`).join(', ');
    problems.push({
      path: runPath,
      message: `${formatKeyPath(runPath)} uses ${used}; variables reach commands only as environment variables: write ${instead} instead`,
    });
  };
  const checkEach = (list: unknown, path: KeyPath) => {
    if (!Array.isArray(list)) return;
    for (const [index, item] of list.entries()) check(item, [...path, index]);
  };
  const gates = (value: unknown, path: KeyPath) => {
    if (Array.isArray(value)) checkEach(value, path);
    else check(value, path);
  };
  const steps = (list: unknown, path: KeyPath, depth: number) => {
    if (!Array.isArray(list) || depth > 64) return;
    list.forEach((step, index) => {
      const at = [...path, index];
      check(step, at);
      if (!isTable(step)) return;
      gates(step.gate, [...at, 'gate']);
      gates(step.gates, [...at, 'gates']);
      steps(step.children, [...at, 'children'], depth + 1);
    });
  };
  steps(data.steps, ['steps'], 0);
  steps(data.template, ['template'], 0);
  if (Array.isArray(data.advice)) {
    data.advice.forEach((advice, index) => {
      if (!isTable(advice)) return;
      steps(advice.before, ['advice', index, 'before'], 0);
      steps(advice.after, ['advice', index, 'after'], 0);
      if (isTable(advice.around)) {
        steps(advice.around.before, ['advice', index, 'around', 'before'], 0);
        steps(advice.around.after, ['advice', index, 'around', 'after'], 0);
      }
    });
  }
  checkEach(data.legs, ['legs']);
  check(data.synthesis, ['synthesis']);
  checkEach(data['step-overrides'], ['step-overrides']);
  return problems;
}
