import type { StepInput } from '../formula/formula-schema.js';

/** Text fields of a template or advice step that may name its target; `run` never does (it is shell). */
const TEXT_FIELDS = ['id', 'title', 'description', 'acceptance', 'output', 'condition', 'notes'] as const;

/**
 * Single-brace placeholders of expansions (`{target}`, `{target.title}`, an expansion var
 * `{name}`, …) and aspects (`{step.id}`, …); a name missing from `values` stays as written, and so
 * does a `{{variable}}` unless `overrides` (an expansion rule's own vars) names it.
 */
export function fillTarget(
  text: string,
  values: Readonly<Record<string, string>>,
  overrides: Readonly<Record<string, string>> = {},
): string {
  if (!text.includes('{')) return text;
  const own = text.includes('{{')
    ? text.replace(/\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g, (whole, name: string) =>
        Object.hasOwn(overrides, name) ? (overrides[name] as string) : whole,
      )
    : text;
  return own.replace(/(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*(?:\.[a-z]+)?)\}(?!\})/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : whole,
  );
}

/** A template or advice step with its placeholders filled, children included. */
export function fillStep(
  step: StepInput,
  values: Readonly<Record<string, string>>,
  overrides: Readonly<Record<string, string>> = {},
): StepInput {
  const out: StepInput = { ...step };
  for (const key of TEXT_FIELDS) {
    const text = step[key];
    if (typeof text === 'string') out[key] = fillTarget(text, values, overrides);
  }
  const fill = (text: string) => fillTarget(text, values, overrides);
  if (step.tags) out.tags = step.tags.map(fill);
  if (step.labels) out.labels = step.labels.map(fill);
  if (step.needs) out.needs = step.needs.map(fill);
  if (step.depends_on) out.depends_on = step.depends_on.map(fill);
  if (step.children) out.children = step.children.map((c) => fillStep(c, values, overrides));
  return out;
}
