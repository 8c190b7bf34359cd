import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cook, substitute } from '../../src/engine/cook/cook.js';
import { evaluateCondition } from '../../src/engine/formula/condition.js';
import { parseFormula } from '../../src/engine/formula/parse-formula.js';

const numRuns = Number(process.env.FUZZ_RUNS ?? 100);

/** A DAG over s0..s(n-1): each step needs some of the steps before it; `order` is the declaration order. */
const dagArb = fc.integer({ min: 1, max: 30 }).chain((n) =>
  fc.record({
    needs: fc.tuple(
      ...Array.from({ length: n }, (_, i) => fc.subarray(Array.from({ length: i }, (_, j) => j))),
    ),
    order: fc.shuffledSubarray(
      Array.from({ length: n }, (_, i) => i),
      { minLength: n, maxLength: n },
    ),
  }),
);

function toml(needs: readonly (readonly number[])[], order: readonly number[]): string {
  return order
    .map((i) => `[[steps]]\nid = "s${i}"\nneeds = [${(needs[i] ?? []).map((j) => `"s${j}"`).join(', ')}]\n`)
    .join('');
}

function cookText(text: string) {
  const parsed = parseFormula(text, 'random.formula.toml');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return cook(parsed.value);
}

describe('random DAG formulas', () => {
  it('cook, with every step after all its needs, and keep a declaration order that is already valid', () => {
    fc.assert(
      fc.property(dagArb, ({ needs, order }) => {
        const shuffled = cookText(toml(needs, order));
        if (!shuffled.ok) throw new Error(shuffled.error.message);
        const seen = new Set<string>();
        for (const step of shuffled.value.proto.steps) {
          for (const need of step.needs) expect(seen.has(need)).toBe(true);
          seen.add(step.id);
        }
        expect(seen.size).toBe(needs.length);

        const natural = cookText(
          toml(
            needs,
            [...order].sort((a, b) => a - b),
          ),
        );
        if (!natural.ok) throw new Error(natural.error.message);
        expect(natural.value.proto.steps.map((s) => s.id)).toEqual(needs.map((_, i) => `s${i}`));
      }),
      { numRuns },
    );
  });

  it('refuse a back edge with a cycle error that names a real cycle', () => {
    fc.assert(
      fc.property(dagArb, fc.nat(), ({ needs, order }, pick) => {
        // Pairs (a, d) where d depends on a, directly or not: "a needs d" closes a cycle.
        const pairs: [number, number][] = [];
        const below = needs.map(() => new Set<number>());
        needs.forEach((list, d) => {
          for (const j of list) {
            below[d]?.add(j);
            for (const k of below[j] ?? []) below[d]?.add(k);
          }
          for (const a of below[d] ?? []) pairs.push([a, d]);
        });
        fc.pre(pairs.length > 0);
        const [a, d] = pairs[pick % pairs.length] as [number, number];
        const withBackEdge = needs.map((list, i) => (i === a ? [...list, d] : list));
        const result = cookText(toml(withBackEdge, order));
        if (result.ok) throw new Error('a cycle was accepted');
        const cycles = [result.error, ...(result.error.diagnostics ?? [])].filter((e) => e.code === 'cycle');
        expect(cycles.length).toBeGreaterThan(0);
        for (const error of cycles) {
          const named = /cycle: (.*) \(each/.exec(error.message)?.[1]?.split(' -> ') ?? [];
          expect(named.length).toBeGreaterThan(1);
          expect(named[0]).toBe(named.at(-1));
          for (let k = 1; k < named.length; k++) {
            const later = Number(named[k]?.slice(1));
            expect(withBackEdge[later]).toContain(Number(named[k - 1]?.slice(1)));
          }
        }
      }),
      { numRuns },
    );
  });
});

describe('substitute', () => {
  const name = fc.constantFrom('a', 'b', 'feature', 'env', 'x_1', '_', 'toString', '__proto__');
  const literal = fc.string().filter((s) => !s.includes('{') && !s.includes('}'));
  const segment = fc.oneof(
    literal.map((text) => ({ text })),
    name.map((placeholder) => ({ placeholder })),
  );

  it('replaces declared placeholders and leaves every other one exactly as written', () => {
    fc.assert(
      fc.property(fc.array(segment), fc.dictionary(name, literal), (segments, pairs) => {
        const vars = Object.fromEntries(Object.entries(pairs));
        const text = segments.map((s) => ('text' in s ? s.text : `{{${s.placeholder}}}`)).join('');
        const expected = segments
          .map((s) =>
            'text' in s
              ? s.text
              : Object.hasOwn(vars, s.placeholder)
                ? vars[s.placeholder]
                : `{{${s.placeholder}}}`,
          )
          .join('');
        expect(substitute(text, vars)).toBe(expected);
      }),
      { numRuns },
    );
  });

  it('never changes a text that uses none of the given names', () => {
    fc.assert(
      fc.property(fc.string(), fc.dictionary(fc.string(), fc.string()), (text, vars) => {
        const used = Object.keys(vars).some((key) => text.includes(`{{${key}}}`));
        fc.pre(!used);
        expect(substitute(text, vars)).toBe(text);
      }),
      { numRuns },
    );
  });
});

describe('evaluateCondition', () => {
  const token = fc.constantFrom(
    'env',
    'on',
    '==',
    '!=',
    '&&',
    '||',
    '!',
    '(',
    ')',
    "'prod'",
    '"x"',
    '{{env}}',
    '{{',
    '\\',
    "'",
    '1',
  );
  const conditionish = fc.array(token, { maxLength: 40 }).map((tokens) => tokens.join(' '));
  const vars = fc.dictionary(fc.constantFrom('env', 'on', 'x'), fc.string());

  it('never throws, on arbitrary text or near-grammatical token soup', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), conditionish), vars, (expr, given) => {
        const result = evaluateCondition(expr, given);
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) {
          expect(result.error.code).toBe('bad-condition');
          expect(result.error.col).toBeGreaterThan(0);
        }
      }),
      { numRuns: numRuns * 5 },
    );
  });
});
