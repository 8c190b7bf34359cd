import type { StepInput } from '../formula/formula-schema.js';

/** Text fields of a template or advice step that may name its target; `run` never does (it is shell). */
const TEXT_FIELDS = ['id', 'title', 'description', 'acceptance', 'output', 'condition'] as const;

/**
 * Single-brace placeholders of expansions (`{target}`, `{target.title}`, …) and aspects
 * (`{step.id}`, …); a name missing from `values`, and any `{{variable}}`, stays as written.
 */
export function fillTarget(text: string, values: Readonly<Record<string, string>>): string {
  if (!text.includes('{')) return text;
  return text.replace(/(?<!\{)\{([a-z]+(?:\.[a-z]+)?)\}(?!\})/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : whole,
  );
}

/** A template or advice step with its placeholders filled, children included. */
export function fillStep(step: StepInput, values: Readonly<Record<string, string>>): StepInput {
  const out: StepInput = { ...step };
  for (const key of TEXT_FIELDS) {
    const text = step[key];
    if (typeof text === 'string') out[key] = fillTarget(text, values);
  }
  if (step.needs) out.needs = step.needs.map((n) => fillTarget(n, values));
  if (step.depends_on) out.depends_on = step.depends_on.map((n) => fillTarget(n, values));
  if (step.children) out.children = step.children.map((c) => fillStep(c, values));
  return out;
}
