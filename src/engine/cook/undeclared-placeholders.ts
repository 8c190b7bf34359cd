/**
 * `{{name}}` where no var `name` is declared stays in the text as written: a typo such as
 * `{{nmae}}` reaches the person or agent reading the step, and nothing said so. Cook warns, once
 * per name and step, at the key that holds it, with the declared var it was probably meant to be.
 * Only the texts cook substitutes are read: `run` and `agent` are shell, where a placeholder is
 * already an error.
 */
import { didYouMean } from '../did-you-mean.js';
import type { Gate } from '../formula/formula-schema.js';
import { placeholders } from '../formula/substitute.js';
import { type CookContext, type Origin, placeOf } from './cook-context.js';
import type { WorkStep } from './work-step.js';

/** Keywords of the Go templates and Handlebars blocks upstream descriptions carry (`{{else}}`, `{{end}}`): not vars. */
const TEMPLATE_KEYWORDS = new Set(['else', 'end', 'break', 'continue', 'this']);

const STEP_TEXTS = ['title', 'description', 'output', 'acceptance', 'assignee', 'condition'] as const;

/** Warns about each undeclared placeholder in a step's texts and its gates' texts. */
export function warnUndeclaredInStep(step: WorkStep, declared: ReadonlySet<string>, ctx: CookContext): void {
  const f = step.fields;
  const texts: [key: string, text: string][] = [];
  for (const key of STEP_TEXTS) {
    const text = f[key];
    if (typeof text === 'string') texts.push([key, text]);
  }
  for (const key of ['gate', 'gates'] as const) {
    const written = f[key];
    const gates: Gate[] = written === undefined ? [] : Array.isArray(written) ? written : [written];
    for (const gate of gates) for (const text of gateTexts(gate)) texts.push([key, text]);
  }
  warnUndeclared(`step "${step.id}"`, texts, step.origin, declared, ctx);
}

/** Warns about each undeclared placeholder in `texts` (key, text), placed at the key under `origin`. */
export function warnUndeclared(
  owner: string,
  texts: readonly (readonly [key: string, text: string])[],
  origin: Origin,
  declared: ReadonlySet<string>,
  ctx: CookContext,
): void {
  const warned = new Set<string>();
  for (const [key, text] of texts) {
    if (!text.includes('{{')) continue;
    for (const name of placeholders(text)) {
      if (declared.has(name) || warned.has(name) || TEMPLATE_KEYWORDS.has(name)) continue;
      warned.add(name);
      ctx.warn(
        'unknown-var',
        `${owner}: {{${name}}} in ${key} is not a declared variable, so it stays as written${didYouMean(name, declared)}`,
        placeOf(origin, key),
      );
    }
  }
}

/** The texts of a gate that cook substitutes (a command gate's `run` is shell, left out). */
function gateTexts(gate: Gate): string[] {
  switch (gate.type) {
    case 'files':
      return gate.paths;
    case 'checks':
      return gate.names ?? [];
    case 'schema':
      return [gate.file, gate.schema];
    case 'conditional':
      return [gate.condition];
    default:
      return [];
  }
}
