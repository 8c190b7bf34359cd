/**
 * The scheduler under random DAGs (≤ 40 steps, random trigger rules, retries and on_fail loops)
 * Gas City retry classes (`on_exhausted = "soft_fail"`) among them, and random interleavings of
 * start / complete / fail (transient or not) on the steps that can take them. Checked
 * after every transition against a naive reference written here from the trigger rules' text.
 * FUZZ_RUNS sets the number of runs (default 150).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Proto } from '../../src/engine/cook/proto.js';
import type { Trigger } from '../../src/engine/formula/formula-schema.js';
import type { Molecule, StepStatus } from '../../src/engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../../src/engine/molecule/ops/events.js';
import { transition } from '../../src/engine/molecule/ops/transition.js';
import { readySteps } from '../../src/engine/molecule/scheduler.js';
import { at, deepFreeze, makeProto, pourMol, protoStep } from '../helpers/engine-fixtures.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
/** Long runs (FUZZ_RUNS in the thousands) need more than the default 30 s. */
const TIMEOUT = Math.max(30_000, RUNS * 60);

interface StepSpec {
  needs: number[];
  trigger: Trigger;
  maxRetries: number;
  onFail: number | null;
  maxLoops: number;
  soft: boolean;
}

const stepSpec = (i: number): fc.Arbitrary<StepSpec> =>
  fc.record({
    needs: i === 0 ? fc.constant([]) : fc.uniqueArray(fc.integer({ min: 0, max: i - 1 }), { maxLength: 3 }),
    trigger: fc.constantFrom<Trigger>('all_success', 'all_success', 'all_success', 'all_done', 'one_failed'),
    maxRetries: fc.integer({ min: 0, max: 2 }),
    onFail: i === 0 ? fc.constant(null) : fc.option(fc.integer({ min: 0, max: i - 1 }), { freq: 4 }),
    maxLoops: fc.integer({ min: 0, max: 2 }),
    soft: fc.boolean(),
  });

const protoArb: fc.Arbitrary<Proto> = fc
  .integer({ min: 1, max: 40 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => stepSpec(i))))
  .map((specs) =>
    makeProto(
      specs.map((s, i) =>
        protoStep(
          `s${i}`,
          s.needs.map((n) => `s${n}`),
          {
            trigger: s.trigger,
            maxRetries: s.maxRetries,
            maxLoops: s.maxLoops,
            ...(s.soft ? { onExhausted: 'soft_fail' as const } : {}),
            ...(s.onFail === null ? {} : { onFail: `s${s.onFail}` }),
          },
        ),
      ),
    ),
  );

// --- the reference: the trigger rules as docs/ARCHITECTURE.md and the scheduler's doc state them -------
const DONE: StepStatus[] = ['completed', 'failed', 'skipped', 'blocked'];
function naiveVerdict(trigger: Trigger, needs: StepStatus[]): 'wait' | 'ready' | 'skip' | 'block' {
  const failed = needs.filter((s) => s === 'failed' || s === 'blocked').length;
  const succeeded = needs.filter((s) => s === 'completed' || s === 'skipped').length;
  const done = needs.filter((s) => DONE.includes(s)).length;
  if (trigger === 'all_success') return failed > 0 ? 'block' : succeeded === needs.length ? 'ready' : 'wait';
  if (trigger === 'all_done') return done === needs.length ? 'ready' : 'wait';
  return failed > 0 ? 'ready' : done === needs.length ? 'skip' : 'wait';
}

function verdictOf(
  proto: Proto,
  mol: Molecule,
  i: number,
  byId = new Map(mol.steps.map((s) => [s.id, s.status])),
) {
  const def = proto.steps[i];
  if (!def) throw new Error('no step');
  return naiveVerdict(
    def.trigger,
    def.needs.map((n) => byId.get(n) as StepStatus),
  );
}

function checkInvariants(proto: Proto, mol: Molecule): void {
  const expectedReady: string[] = [];
  const byId = new Map(mol.steps.map((s) => [s.id, s.status]));
  mol.steps.forEach((s, i) => {
    const verdict = verdictOf(proto, mol, i, byId);
    if (s.status === 'pending') expect(verdict, `pending ${s.id} should wait`).toBe('wait');
    if (s.status === 'ready') expectedReady.push(s.id);
    if (s.status === 'ready') expect(verdict, `ready ${s.id}`).toBe('ready');
    if (s.status === 'blocked') expect(verdict, `blocked ${s.id}`).toBe('block');
  });
  expect(readySteps(proto, mol)).toEqual(expectedReady);
  const live = mol.steps.some((s) => ['pending', 'ready', 'in_progress', 'awaiting_gate'].includes(s.status));
  if (live) expect(['pending', 'in_progress']).toContain(mol.status);
  else expect(['complete', 'failed']).toContain(mol.status);
}

function expectedOutcome(proto: Proto, mol: Molecule): 'complete' | 'failed' {
  const status = new Map(mol.steps.map((s) => [s.id, s.status]));
  const bad = proto.steps.some((def) => {
    const s = status.get(def.id);
    if (s === 'blocked') return true;
    if (s !== 'failed') return false;
    return !proto.steps.some(
      (d) => d.needs.includes(def.id) && d.trigger === 'one_failed' && status.get(d.id) === 'completed',
    );
  });
  return bad ? 'failed' : 'complete';
}

/** One transition that must succeed, on a frozen input, with dispatches exactly for newly ready steps. */
function step(proto: Proto, mol: Molecule, event: MoleculeEvent, t: number): Molecule {
  const result = transition(proto, deepFreeze(mol), event, at(t));
  if (!result.ok)
    throw new Error(`${event.type} ${'step' in event ? event.step : ''} refused: ${result.error.message}`);
  const next = result.value.mol;
  const before = new Map(mol.steps.map((s) => [s.id, s.status]));
  const newlyReady = next.steps
    .filter((s) => s.status === 'ready' && before.get(s.id) !== 'ready')
    .map((s) => s.id);
  const dispatched = result.value.effects.flatMap((e) => (e.type === 'dispatch' ? [e.step] : []));
  expect(dispatched).toEqual(newlyReady);
  checkInvariants(proto, next);
  return next;
}

/** Drive with the given choices, then to the end by starting and completing whatever can move. */
function drive(proto: Proto, choices: number[]): { mol: Molecule; transitions: number } {
  let mol = pourMol(proto).mol;
  checkInvariants(proto, mol);
  let t = 0;
  const budget = 40 * proto.steps.length * 12 + 100;
  for (let n = 0; n < budget; n++) {
    const movable = mol.steps.filter((s) => s.status === 'ready' || s.status === 'in_progress');
    if (movable.length === 0) break;
    const choice = choices[n];
    if (choice === undefined) {
      // Out of choices: finish the work, always successfully.
      const s = movable[0] as Molecule['steps'][number];
      mol = step(
        proto,
        mol,
        s.status === 'ready' ? { type: 'start', step: s.id } : { type: 'complete', step: s.id },
        ++t,
      );
      continue;
    }
    const pending = mol.steps.filter((s) => s.status === 'pending');
    if (choice % 7 === 6 && pending.length > 0) {
      // A start out of turn is refused and changes nothing.
      const target = pending[choice % pending.length] as Molecule['steps'][number];
      const refused = transition(proto, deepFreeze(mol), { type: 'start', step: target.id }, at(++t));
      expect(refused.ok).toBe(false);
      continue;
    }
    const s = movable[choice % movable.length] as Molecule['steps'][number];
    if (s.status === 'ready') {
      expect(verdictOf(proto, mol, Number(s.id.slice(1)))).toBe('ready');
      mol = step(proto, mol, { type: 'start', step: s.id }, ++t);
    } else if (choice % 3 === 0) {
      const transient = Math.floor(choice / 3) % 2 === 0;
      mol = step(proto, mol, { type: 'fail', step: s.id, error: `failure ${n}`, transient }, ++t);
    } else {
      const once = step(proto, mol, { type: 'complete', step: s.id }, ++t);
      const twice = transition(proto, once, { type: 'complete', step: s.id }, at(++t));
      expect(twice.ok && twice.value.mol).toBe(once);
      mol = once;
    }
  }
  return { mol, transitions: t };
}

describe('scheduler properties', () => {
  it(
    'keeps the ready set equal to the reference, starts nothing early, dispatches exactly the newly ready, and always terminates',
    () => {
      fc.assert(
        fc.property(protoArb, fc.array(fc.nat(), { maxLength: 250 }), (proto, choices) => {
          const { mol } = drive(proto, choices);
          expect(mol.steps.every((s) => DONE.includes(s.status))).toBe(true);
          expect(mol.status).toBe(expectedOutcome(proto, mol));
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'a soft_fail step (Gas City retry) ends failed only from a hard failure; transient ones end it completed',
    () => {
      fc.assert(
        fc.property(protoArb, fc.array(fc.nat(), { maxLength: 250 }), (proto, choices) => {
          const { mol } = drive(proto, choices);
          for (const s of mol.steps) {
            const soft = proto.steps.find((d) => d.id === s.id)?.onExhausted === 'soft_fail';
            if (!soft || s.status !== 'failed') continue;
            const last = mol.history.filter((h) => h.step === s.id && h.to === 'failed').at(-1);
            expect(last?.note, `${s.id} failed`).toContain('a hard failure');
          }
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'completion is idempotent: completing twice equals completing once',
    () => {
      fc.assert(
        fc.property(protoArb, fc.array(fc.nat(), { maxLength: 60 }), (proto, choices) => {
          const { mol } = drive(proto, choices);
          for (const s of mol.steps.filter((x) => x.status === 'completed')) {
            const again = transition(proto, mol, { type: 'complete', step: s.id }, at(10_000));
            expect(again.ok && again.value.mol).toBe(mol);
          }
        }),
        { numRuns: Math.max(10, Math.floor(RUNS / 3)) },
      );
    },
    TIMEOUT,
  );
});

describe('scheduler cost', () => {
  it('drives a 1,025-step chain to completion (its speed is measured by npm run bench)', () => {
    const proto = makeProto(
      Array.from({ length: 1025 }, (_, i) => protoStep(`s${i}`, i === 0 ? [] : [`s${i - 1}`])),
    );
    let mol = pourMol(proto).mol;
    for (const def of proto.steps) {
      for (const type of ['start', 'complete'] as const) {
        const result = transition(proto, mol, { type, step: def.id }, at(0));
        if (!result.ok) throw new Error(result.error.message);
        mol = result.value.mol;
      }
    }
    expect(mol.status).toBe('complete');
  });
});
