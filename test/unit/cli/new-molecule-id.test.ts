import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newMoleculeId } from '../../../src/cli/new-molecule-id.js';
import { MoleculeSchema } from '../../../src/engine/molecule/molecule-schema.js';
import { refPartProblem } from '../../../src/engine/ref-name.js';
import { moleculeIdFor, newMoleculeSuffix } from '../../../src/github/molecule-id.js';

const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

describe(`molecule ids the faces mint are valid in git refs (seed ${seed})`, () => {
  it('mol: a formula name with "..", a leading dot or odd characters still gives a valid id', () => {
    for (const formula of ['a..b', '..x', 'x.lock', 'mol@{1}', 'Ünïcode name', '---', '']) {
      const id = newMoleculeId(formula);
      expect(refPartProblem(id), id).toBeUndefined();
      expect(MoleculeSchema.shape.id.safeParse(id).success, id).toBe(true);
    }
    expect(newMoleculeId('a..b')).toMatch(/^a\.b-[0-9a-f]{6}$/);
  });

  it('mol: any formula name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (formula) => {
        expect(refPartProblem(newMoleculeId(formula))).toBeUndefined();
      }),
      { numRuns: 200, seed },
    );
  });

  it('GitHub: <issue>-<suffix>', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (issue, r) => {
          expect(
            refPartProblem(
              moleculeIdFor(
                issue,
                newMoleculeSuffix(() => r),
              ),
            ),
          ).toBeUndefined();
        },
      ),
      { numRuns: 200, seed },
    );
  });
});
