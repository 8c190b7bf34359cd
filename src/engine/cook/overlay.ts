import { didYouMean } from '../did-you-mean.js';
import type { ParsedFormula } from '../formula/parsed-formula.js';
import { RUN_PLACEHOLDER } from '../formula/substitute.js';
import { type CookContext, placeOf } from './cook-context.js';
import { inferType } from './infer-type.js';
import type { WorkStep } from './work-step.js';

const OVERRIDABLE = ['title', 'description', 'acceptance', 'run'] as const;

/**
 * `--overlay` files (Gas Town's formula-overlays): each `[[step-overrides]]` entry changes one
 * step's title, description, acceptance or run, by `mode = "replace"` (the default) or
 * `"append"` (a blank line, then the text). Applied after extends and compose, so an overlay can
 * reach expanded steps too. A `run` that would carry a `{{var}}` is refused like one written so.
 */
export function applyOverlays(
  steps: WorkStep[],
  overlays: readonly ParsedFormula[],
  ctx: CookContext,
): WorkStep[] {
  let out = steps;
  for (const overlay of overlays) {
    const root = { formula: overlay, path: [] };
    if (!overlay.isOverlay && inferType(overlay.data) !== 'overlay') {
      ctx.error(
        'not-an-overlay',
        `${overlay.file} is not an overlay: an overlay holds only [[step-overrides]]`,
        placeOf(root),
      );
      continue;
    }
    (overlay.data['step-overrides'] ?? []).forEach((override, i) => {
      const origin = { formula: overlay, path: ['step-overrides', i] };
      const at = out.findIndex((s) => s.id === override.step_id);
      if (at < 0) {
        ctx.error(
          'unknown-step',
          `overlay overrides step "${override.step_id}", but the formula has no such step${didYouMean(
            override.step_id,
            out.map((s) => s.id),
          )}`,
          placeOf(origin, 'step_id'),
        );
        return;
      }
      const step = out[at] as WorkStep;
      const fields = { ...step.fields };
      for (const key of OVERRIDABLE) {
        const text = override[key];
        if (text === undefined) continue;
        const base = fields[key];
        fields[key] = override.mode === 'append' && base ? `${base.replace(/\n+$/, '')}\n\n${text}` : text;
      }
      if (fields.run !== undefined && RUN_PLACEHOLDER.test(fields.run)) {
        ctx.error(
          'var-in-run',
          `overlay gives step "${step.id}" a run command containing a {{variable}}: variables reach commands only as environment variables ($MOL_VAR_<NAME>)`,
          placeOf(origin, 'run'),
        );
        return;
      }
      out = [...out.slice(0, at), { ...step, fields }, ...out.slice(at + 1)];
    });
  }
  return out;
}
