/**
 * Gas City's `description_file`: a step's description kept in its own file, relative to the
 * formula file. The engine never reads files: a face lists them here, reads them, and hands the
 * texts back, so the step's `description` is the file's text (it wins over an inline one, as in
 * Gas City) before cook sees the formula.
 */
import { err, ok, type Place, type Result } from '../errors.js';
import type { StepInput } from './formula-schema.js';
import type { KeyPath } from './key-path.js';
import type { ParsedFormula } from './parsed-formula.js';

/**
 * A molecule pins each description file it read beside its formulas, under this key, so re-cooking
 * the pins gives the same descriptions even after the files change.
 */
export const DESCRIPTION_FILE_PIN = 'description_file:';
export const descriptionFilePin = (formula: string, file: string): string =>
  `${DESCRIPTION_FILE_PIN}${formula}:${file}`;

/** The `description_file` values of a formula's steps, children and templates, each once. */
export function descriptionFilesOf(formula: ParsedFormula): string[] {
  const files = new Set<string>();
  walk(formula, (step) => {
    if (step.description_file !== undefined) files.add(step.description_file);
  });
  return [...files];
}

/** The formula with each `description_file` read into `description`; a file missing from `texts` is an error at its key. */
export function withDescriptionFiles(
  formula: ParsedFormula,
  texts: ReadonlyMap<string, string>,
): Result<ParsedFormula> {
  if (descriptionFilesOf(formula).length === 0) return ok(formula);
  let missing: { file: string; path: KeyPath } | undefined;
  const swap = (step: StepInput, path: KeyPath): StepInput => {
    const { description_file: file, ...rest } = step;
    const children = step.children?.map((c, i) => swap(c, [...path, 'children', i]));
    const out: StepInput = children === undefined ? rest : { ...rest, children };
    if (file === undefined) return out;
    const text = texts.get(file);
    if (text === undefined) {
      missing ??= { file, path: [...path, 'description_file'] };
      return out;
    }
    return { ...out, description: text };
  };
  const data = { ...formula.data };
  if (data.steps) data.steps = data.steps.map((s, i) => swap(s, ['steps', i]));
  if (data.template) data.template = data.template.map((s, i) => swap(s, ['template', i]));
  if (missing !== undefined) {
    const at = formula.locate(missing.path);
    return err(
      'description-file',
      `description_file "${missing.file}" cannot be read (it is relative to the formula file)`,
      { ...at, file: at.file ?? formula.file },
    );
  }
  return ok({ ...formula, data });
}

/** Where the first step naming `file` as its `description_file` stands in the formula's file. */
export function descriptionFilePlace(formula: ParsedFormula, file: string): Place {
  const find = (steps: readonly StepInput[] | undefined, path: KeyPath): KeyPath | undefined => {
    for (const [i, step] of (steps ?? []).entries()) {
      if (step.description_file === file) return [...path, i, 'description_file'];
      const inner = find(step.children, [...path, i, 'children']);
      if (inner) return inner;
    }
    return undefined;
  };
  const path = find(formula.data.steps, ['steps']) ?? find(formula.data.template, ['template']) ?? [];
  const at = formula.locate(path);
  return { ...at, file: at.file ?? formula.file };
}

function walk(formula: ParsedFormula, visit: (step: StepInput) => void): void {
  const each = (steps: readonly StepInput[] | undefined) => {
    for (const step of steps ?? []) {
      visit(step);
      each(step.children);
    }
  };
  each(formula.data.steps);
  each(formula.data.template);
}
