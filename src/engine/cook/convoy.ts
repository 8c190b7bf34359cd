import type { ParsedFormula } from '../formula/parsed-formula.js';
import { union, type WorkStep, workStep } from './work-step.js';

/**
 * A convoy's `legs` run side by side; its `synthesis` (id `synthesis` unless it names one) needs
 * them all, or what its own `needs`/`depends_on` say. A leg's `focus` leads its description so
 * the agent doing the leg sees it. Formula-level `prompts` and `output` are Gas Town's prompt
 * templates (Go text/template): kept in the file, informational here.
 */
export function convoySteps(formula: ParsedFormula): WorkStep[] {
  const legs = legSteps(formula, 'legs');
  const synthesis = formula.data.synthesis;
  if (!synthesis) return legs;
  const id = synthesis.id ?? 'synthesis';
  const own = union(synthesis.needs, synthesis.depends_on);
  const step = workStep(
    { ...synthesis, id, needs: own.length ? own : legs.map((l) => l.id), depends_on: undefined },
    { formula, path: ['synthesis'] },
    { ...synthesis, id },
  );
  return [...legs, step];
}

/**
 * Legs (or Gas Town's `[[aspects]]` of an aspect formula, which its parser treats as parallel
 * items like legs: parser.go TopologicalSort/ReadySteps) as steps that need nothing.
 */
export function legSteps(formula: ParsedFormula, key: 'legs' | 'aspects'): WorkStep[] {
  return (formula.data[key] ?? []).map((leg, i) => {
    const description = [leg.focus && `Focus: ${leg.focus}`, leg.description].filter(Boolean).join('\n\n');
    const { focus: _focus, ...rest } = leg;
    return workStep({ ...rest, description }, { formula, path: [key, i] }, leg);
  });
}
