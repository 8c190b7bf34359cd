/**
 * The chain every issue-14 row drives: n no-op steps, each needing the one before, built and
 * advanced through the package's public API only (what a library user would write).
 */
import {
  adhocProto,
  type InlineFormula,
  type Molecule,
  type Proto,
  pour,
  transition,
} from '../../src/index.js';

export function chainFormula(n: number): InlineFormula {
  return {
    formula: 'chain',
    description: `a chain of ${n} no-op steps`,
    steps: Array.from({ length: n }, (_, i) => ({
      id: `s${i}`,
      title: `Step ${i}`,
      needs: i === 0 ? [] : [`s${i - 1}`],
    })),
  };
}

export function chainProto(n: number): Proto {
  const proto = adhocProto(chainFormula(n));
  if (!proto.ok) throw new Error(proto.error.message);
  return proto.value;
}

/** A clock that moves one millisecond per reading, so every transition has its own time. */
export function tickingClock(start = Date.parse('2026-01-01T00:00:00Z')): () => Date {
  let t = start;
  return () => new Date(t++);
}

/**
 * Pour, then start and complete every dispatched step until done; returns the transition count.
 * `afterTransition` sees each new state, as a store writing it would.
 */
export function runChain(
  proto: Proto,
  now = tickingClock(),
  afterTransition?: (mol: Molecule) => void,
): { mol: Molecule; transitions: number } {
  const poured = pour(proto, {
    id: 'bench',
    now: now(),
    vars: {},
    formula: { name: proto.formula, source: 'builtin@bench' },
  });
  if (!poured.ok) throw new Error(poured.error.message);
  let mol = poured.value.mol;
  const queue = dispatched(poured.value.effects);
  let transitions = 0;
  for (let step = queue.shift(); step !== undefined; step = queue.shift()) {
    for (const event of [{ type: 'start', step } as const, { type: 'complete', step } as const]) {
      const next = transition(proto, mol, event, now());
      if (!next.ok) throw new Error(next.error.message);
      mol = next.value.mol;
      afterTransition?.(mol);
      queue.push(...dispatched(next.value.effects));
      transitions++;
    }
  }
  if (mol.status !== 'complete') throw new Error(`the chain ended ${mol.status}`);
  return { mol, transitions };
}

function dispatched(effects: readonly { type: string; step?: string }[]): string[] {
  return effects.flatMap((e) => (e.type === 'dispatch' && e.step !== undefined ? [e.step] : []));
}
