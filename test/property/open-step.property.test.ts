/**
 * The open-step witness (src/engine/molecule/ops/open-step.ts) must agree with the plain scan —
 * "is any step pending or active?" — through any sequence of derived steps arrays, including
 * arrays changed in place behind its back (a stale witness must cost a search, not a wrong answer).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STEP_STATUSES, type StepState, type StepStatus } from '../../src/engine/molecule/molecule-schema.js';
import { findOpenStep, isOpen } from '../../src/engine/molecule/ops/open-step.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const status = fc.constantFrom<StepStatus>(...STEP_STATUSES);
const stepsOf = (statuses: StepStatus[]): StepState[] =>
  statuses.map((s, i) => ({ id: `s${i}`, status: s, attempts: 0, loops: 0 }));

describe('findOpenStep', () => {
  it('finds an open step exactly when the plain scan does, across derived and in-place-edited arrays', () => {
    fc.assert(
      fc.property(
        fc.array(status, { minLength: 0, maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(), status, fc.boolean()), { maxLength: 60 }),
        (initial, edits) => {
          let previous: StepState[] | undefined;
          let steps = stepsOf(initial);
          const check = () => {
            const found = findOpenStep(steps, previous);
            const any = steps.some((s) => isOpen(s.status));
            expect(found >= 0).toBe(any);
            if (found >= 0) expect(isOpen((steps[found] as StepState).status)).toBe(true);
          };
          check();
          for (const [at, to, inPlace] of edits) {
            if (steps.length === 0) break;
            const i = at % steps.length;
            if (inPlace) {
              (steps[i] as StepState).status = to;
            } else {
              previous = steps;
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
