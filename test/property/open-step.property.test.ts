/**
 * The open-step search (src/engine/molecule/ops/open-step.ts) must agree with the plain scan —
 * "is any step pending or active?" — whatever hint it starts from: the last position found,
 * carried through any sequence of derived steps arrays (as settle carries it in a molecule's lists),
 * including arrays changed in place behind its back, or any number at all (a stale or wild hint
 * must cost a search, not a wrong answer).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STEP_STATUSES, type StepState, type StepStatus } from '../../src/engine/molecule/molecule-schema.js';
import { findOpenStep, isOpen, type StepSource } from '../../src/engine/molecule/ops/open-step.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const status = fc.constantFrom<StepStatus>(...STEP_STATUSES);
const stepsOf = (statuses: StepStatus[]): StepState[] =>
  statuses.map((s, i) => ({ id: `s${i}`, status: s, attempts: 0, loops: 0 }));

const source = (steps: StepState[]): StepSource => ({
  size: steps.length,
  step: (i) => steps[i] as StepState,
});

describe('findOpenStep', () => {
  it('finds an open step exactly when the plain scan does, from any hint, across derived and in-place-edited arrays', () => {
    fc.assert(
      fc.property(
        fc.array(status, { minLength: 0, maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(), status, fc.boolean()), { maxLength: 60 }),
        fc.option(fc.integer({ min: -5, max: 40 }), { nil: undefined }),
        (initial, edits, wild) => {
          let steps = stepsOf(initial);
          let hint: number | undefined;
          const check = () => {
            const any = steps.some((s) => isOpen(s.status));
            for (const from of [hint, wild]) {
              const found = findOpenStep(source(steps), from);
              expect(found >= 0).toBe(any);
              if (found >= 0) expect(isOpen((steps[found] as StepState).status)).toBe(true);
            }
            hint = findOpenStep(source(steps), hint);
          };
          check();
          for (const [at, to, inPlace] of edits) {
            if (steps.length === 0) break;
            const i = at % steps.length;
            if (inPlace) {
              (steps[i] as StepState).status = to;
            } else {
              steps = steps.slice();
              steps[i] = { ...(steps[i] as StepState), status: to };
            }
            check();
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
