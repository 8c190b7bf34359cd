/**
 * Runtime fan-out (engine molecule/fanout.ts) under random bonds (1–4 steps, random needs inside
 * the bond), random item counts (0–8), parallel or sequential, with a `waits_for` step of either
 * gate, driven to the end in random orders of the steps that can start. Checked: the children are
 * exactly `s.item.<n>.<bond step>` for every item, derived again from the stored molecule (JSON
 * and back) to the same steps; every step completes; no child starts before the fan-out step
 * completed; a sequential copy waits for the one before; `all-children` waits for every child and
 * `any-children` for one. FUZZ_RUNS sets the number of runs (default 150); fast-check prints the
 * seed of a failing run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FanoutTemplateStep, Proto } from '../../src/engine/cook/proto.js';
import { withFanouts } from '../../src/engine/molecule/fanout.js';
import { type Molecule, MoleculeSchema } from '../../src/engine/molecule/molecule-schema.js';
import { transition } from '../../src/engine/molecule/ops/transition.js';
import { readySteps } from '../../src/engine/molecule/scheduler.js';
import { makeProto, pourMol, protoStep, T0 } from '../helpers/engine-fixtures.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

const bondArb: fc.Arbitrary<FanoutTemplateStep[]> = fc
  .integer({ min: 1, max: 4 })
  .chain((n) =>
    fc.tuple(
      ...Array.from({ length: n }, (_, i) =>
        i === 0
          ? fc.constant<number[]>([])
          : fc.uniqueArray(fc.integer({ min: 0, max: i - 1 }), { maxLength: 2 }),
      ),
    ),
  )
  .map((needs) =>
    needs.map((ns, i) => ({
      id: i % 2 === 0 ? `{target}.t${i}` : `t${i}`,
      title: `t${i} {{who}}`,
      description: '',
      needs: ns.map((j) => (j % 2 === 0 ? `{target}.t${j}` : `t${j}`)),
      type: 'task' as const,
      run: 'true',
    })),
  );

const caseArb = fc.record({
  bond: bondArb,
  items: fc.integer({ min: 0, max: 8 }),
  sequential: fc.boolean(),
  gate: fc.constantFrom('all-children' as const, 'any-children' as const),
  picks: fc.array(fc.nat(), { minLength: 200, maxLength: 200 }),
});

function protoOf(
  bond: FanoutTemplateStep[],
  sequential: boolean,
  gate: 'all-children' | 'any-children',
): Proto {
  return makeProto([
    protoStep('s', [], {
      run: 'x',
      fanout: { forEach: 'output.list', bond: 'b', sequential, vars: { who: '{item}' }, template: bond },
    }),
    protoStep('w', ['s'], { run: 'y', waitsFor: { gate, spawner: 's' } }),
  ]);
}

const tail = (n: number) => `${JSON.stringify({ list: Array.from({ length: n }, (_, i) => `x${i}`) })}\n`;

describe('fan-out', () => {
  it('makes the same children every time and runs them by the fan-out rules', () => {
    fc.assert(
      fc.property(caseArb, ({ bond, items, sequential, gate, picks }) => {
        const proto = protoOf(bond, sequential, gate);
        let mol: Molecule = pourMol(proto).mol;
        const started: string[] = [];
        const completed: string[] = [];
        const apply = (event: Parameters<typeof transition>[2]) => {
          const r = transition(proto, mol, event, T0);
          if (!r.ok) throw new Error(r.error.message);
          mol = r.value.mol;
        };
        for (const pick of picks) {
          const ready = readySteps(withFanouts(proto, mol), mol);
          if (ready.length === 0) break;
          const id = ready[pick % ready.length] as string;
          // What may start must have every need done (the rules below are checked against that).
          started.push(id);
          if (id.startsWith('s.item.')) expect(completed).toContain('s');
          if (id === 'w') {
            const children = mol.steps.filter((s) => s.id.startsWith('s.item.'));
            const done = children.filter((s) => s.status === 'completed');
            if (gate === 'all-children') expect(done.length).toBe(children.length);
            else if (children.length > 0) expect(done.length).toBeGreaterThan(0);
          }
          apply({ type: 'start', step: id });
          const checkpoint = {
            filesModified: [],
            testsPassed: true,
            notes: '',
            capturedAt: T0.toISOString(),
            outputTail: tail(items),
          };
          apply(id === 's' ? { type: 'complete', step: id, checkpoint } : { type: 'complete', step: id });
          completed.push(id);
        }
        expect(mol.status).toBe('complete');
        const ids = (n: number) =>
          bond.map((t) =>
            t.id.startsWith('{target}') ? t.id.replace('{target}', `s.item.${n}`) : `s.item.${n}.${t.id}`,
          );
        const expected = Array.from({ length: items }, (_, k) => ids(k + 1)).flat();
        expect(mol.steps.map((s) => s.id).sort()).toEqual(['s', 'w', ...expected].sort());
        expect(mol.steps.every((s) => s.status === 'completed')).toBe(true);
        if (sequential) {
          for (let n = 2; n <= items; n++) {
            const firstOfThis = Math.min(...ids(n).map((id) => started.indexOf(id)));
            const lastOfPrevious = Math.max(...ids(n - 1).map((id) => completed.indexOf(id)));
            expect(firstOfThis).toBeGreaterThan(lastOfPrevious);
          }
        }
        // The stored molecule alone gives the same steps back.
        const stored = MoleculeSchema.parse(JSON.parse(JSON.stringify(mol)));
        expect(withFanouts(proto, stored).steps).toEqual(withFanouts(proto, mol).steps);
        expect(withFanouts(proto, stored).steps.map((s) => s.id)).toEqual(stored.steps.map((s) => s.id));
      }),
      { numRuns: RUNS },
    );
  });
});
