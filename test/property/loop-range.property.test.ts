/**
 * Beads' loop ranges (`range = "1..2^{n}"`) as cook reads them, against a reference evaluator
 * written here from range.go's grammar (+ - * / ^ with ^ right-associative, unary minus, floating
 * point then truncated): any text gets an answer, never an exception, and every well-formed
 * expression evaluates as the reference does. fast-check prints the seed of a failing run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLoopRange } from '../../src/engine/cook/loop-range.js';

const RUNS = Number(process.env.FUZZ_RUNS) > 0 ? Number(process.env.FUZZ_RUNS) : 300;

type Expr = { n: number } | { neg: Expr } | { op: '+' | '-' | '*' | '^'; l: Expr; r: Expr };

const { expr } = fc.letrec<{ expr: Expr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ n: fc.integer({ min: 0, max: 12 }) }),
    fc.record({ neg: tie('expr') }),
    fc.record({ op: fc.constantFrom('+', '-', '*'), l: tie('expr'), r: tie('expr') }),
    // Small exponents keep every value finite.
    fc.record({ op: fc.constant('^'), l: tie('expr'), r: fc.record({ n: fc.integer({ min: 0, max: 3 }) }) }),
  ),
}));

const text = (e: Expr): string =>
  'n' in e ? String(e.n) : 'neg' in e ? `-(${text(e.neg)})` : `(${text(e.l)}) ${e.op} (${text(e.r)})`;

function value(e: Expr): number {
  if ('n' in e) return e.n;
  if ('neg' in e) return -value(e.neg);
  const [l, r] = [value(e.l), value(e.r)];
  return e.op === '+' ? l + r : e.op === '-' ? l - r : e.op === '*' ? l * r : l ** r;
}

describe('loop ranges', () => {
  it('answer any text with a value or an error, never an exception', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        const result = parseLoopRange(input, () => '3');
        if (!result.ok) expect(result.error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('evaluate each bound as the reference does, truncated to an integer', () => {
    fc.assert(
      fc.property(expr, expr, (a, b) => {
        const result = parseLoopRange(`${text(a)}..${text(b)}`, () => undefined);
        const [start, end] = [Math.trunc(value(a)), Math.trunc(value(b))];
        if (!Number.isFinite(value(a)) || !Number.isFinite(value(b))) return;
        expect(result).toEqual({ ok: true, value: { start, end } });
      }),
      { numRuns: RUNS },
    );
  });

  it('reads {name} from the variables, and names one that has no value', () => {
    expect(parseLoopRange('1..2^{disks}-1', (n) => (n === 'disks' ? '3' : undefined))).toEqual({
      ok: true,
      value: { start: 1, end: 7 },
    });
    expect(parseLoopRange('2^3^2..-2^2', () => undefined)).toEqual({
      ok: true,
      value: { start: 512, end: 4 },
    });
    const unbound = parseLoopRange('1..{n}', () => undefined);
    expect(unbound.ok || unbound.error.message).toBe('range "1..{n}": end reads {n}, which has no value');
    const zero = parseLoopRange('1..4/0', () => undefined);
    expect(zero.ok || zero.error.message).toBe('range "1..4/0": end "4/0" divides by zero');
  });
});
