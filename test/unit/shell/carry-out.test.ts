import { describe, expect, it } from 'vitest';
import type { ProtoGate } from '../../../src/engine/cook/proto.js';
import { ok } from '../../../src/engine/errors.js';
import type { Effect } from '../../../src/engine/molecule/effects.js';
import type { GateResult, Molecule } from '../../../src/engine/molecule/molecule-schema.js';
import type { MoleculeStore } from '../../../src/engine/molecule/store.js';
import { carryOut, MAX_DEPTH } from '../../../src/shell/carry-out.js';
import { changeMolecule } from '../../../src/shell/change-molecule.js';
import type { EffectHandlers, OtherEffect } from '../../../src/shell/effect-handlers.js';
import { makeProto, pourMol, protoStep, stepOf, T0 } from '../../helpers/engine-fixtures.js';
import { MemoryStore } from '../../helpers/memory-store.js';

const CHECK: ProtoGate = { type: 'command', run: 'make check' };
const APPROVAL: ProtoGate = { type: 'approval', permission: 'maintain' };
const proto = makeProto([protoStep('build', [], { gates: [CHECK, APPROVAL] }), protoStep('ship', ['build'])]);
const gatedProto = makeProto([protoStep('build', [], { gates: [CHECK] }), protoStep('ship', ['build'])]);

/** Handlers that record what they were asked and judge gates with `verdict`. */
function fakeHandlers(verdict: (gate: ProtoGate) => boolean | null) {
  const carried: Array<{ effect: OtherEffect; batch: readonly Effect[] }> = [];
  const judged: string[] = [];
  const recorded: GateResult[][] = [];
  const handlers: EffectHandlers = {
    async judgeGates(_mol, step, gates) {
      judged.push(step);
      return gates.map((g) => ({ type: g.type, passed: verdict(g), detail: `${g.type} judged` }));
    },
    gatesRecorded(_step, decided) {
      recorded.push([...decided]);
    },
    async carry(effect, _mol, batch) {
      carried.push({ effect, batch });
    },
  };
  return { handlers, carried, judged, recorded };
}

/** A stored molecule whose first step was just reported done, and the effects that report set off. */
async function doneAndWaiting(p = proto) {
  const store = new MemoryStore();
  const poured = pourMol(p).mol;
  await store.create(poured);
  const change = await changeMolecule(
    store,
    p,
    poured.id,
    [
      { type: 'start', step: 'build' },
      { type: 'complete', step: 'build' },
    ],
    T0,
  );
  if (!change.ok) throw new Error(change.error.message);
  return { store, mol: change.value.mol, effects: change.value.effects };
}

describe('carryOut', () => {
  it('hands every other effect to the face in order, with the list it came in', async () => {
    const store = new MemoryStore();
    const mol = pourMol(proto).mol;
    const effects: Effect[] = [
      { type: 'notice', level: 'info', message: 'hello' },
      { type: 'dispatch', step: 'build', baseBranches: [] },
      { type: 'labels', add: [], remove: ['molecule:failed'] },
    ];
    const fake = fakeHandlers(() => true);
    const out = await carryOut({ store, proto, now: () => T0 }, mol, effects, fake.handlers);
    expect(fake.carried.map((c) => c.effect)).toEqual(effects);
    expect(fake.carried.every((c) => c.batch === effects)).toBe(true);
    expect(out).toEqual({ mol, notices: [], problems: [], dispatched: [] });
  });

  it('records the gates the face decided, then carries out what that set off', async () => {
    const { store, mol, effects } = await doneAndWaiting(gatedProto);
    expect(stepOf(mol, 'build').status).toBe('awaiting_gate');
    const fake = fakeHandlers(() => true);
    const out = await carryOut({ store, proto: gatedProto, now: () => T0 }, mol, effects, fake.handlers);
    expect(fake.judged).toEqual(['build']);
    expect(fake.recorded).toEqual([[{ type: 'command', passed: true, detail: 'command judged' }]]);
    expect(stepOf(out.mol, 'build').status).toBe('completed');
    expect(stepOf(out.mol, 'ship').status).toBe('ready');
    // The dispatch came from the recorded gates, one level down.
    expect(fake.carried.map((c) => c.effect)).toContainEqual({
      type: 'dispatch',
      step: 'ship',
      baseBranches: [],
    });
    const saved = await store.load(mol.id);
    expect(saved.ok && saved.value?.rev).toBe(out.mol.rev);
  });

  it('records nothing while every gate waits; a gate left undecided keeps the step waiting', async () => {
    const { store, mol, effects } = await doneAndWaiting();
    store.writes = 0;
    const none = fakeHandlers(() => null);
    const unchanged = await carryOut({ store, proto, now: () => T0 }, mol, effects, none.handlers);
    expect(store.writes).toBe(0);
    expect(unchanged.mol).toBe(mol);
    expect(none.recorded).toEqual([]);

    const some = fakeHandlers((g) => (g.type === 'approval' ? null : true));
    const half = await carryOut({ store, proto, now: () => T0 }, mol, effects, some.handlers);
    expect(store.writes).toBe(1);
    expect(some.recorded).toEqual([[{ type: 'command', passed: true, detail: 'command judged' }]]);
    expect(stepOf(half.mol, 'build').status).toBe('awaiting_gate');
  });

  it(`stops judging gates ${MAX_DEPTH} levels down, so results that ask for more gates cannot loop`, async () => {
    const mol = pourMol(proto).mol;
    const again: Effect = { type: 'evaluate-gates', step: 'build', gates: [CHECK] };
    // A store whose every write asks for the gates again (a face bug, or an engine one).
    const memory = new MemoryStore();
    const store: MoleculeStore = {
      create: (m) => memory.create(m),
      load: (id) => memory.load(id),
      list: (filter) => memory.list(filter),
      loadArchive: (id) => memory.loadArchive(id),
      mutate: async () => ok({ mol: { ...mol, rev: mol.rev + 1 }, effects: [again] }),
    };
    const fake = fakeHandlers(() => true);
    const out = await carryOut({ store, proto, now: () => T0 }, mol, [again], fake.handlers);
    expect(fake.judged).toHaveLength(MAX_DEPTH);
    expect(out.problems).toEqual([]);
  });

  it('reports a handler that throws or a recording that is refused as problems, and goes on', async () => {
    const { mol, effects } = await doneAndWaiting(gatedProto);
    const store = new MemoryStore(); // holds no molecule: recording the gate results is refused
    const seen: string[] = [];
    const handlers: EffectHandlers = {
      judgeGates: async (_m: Molecule, _s: string, gates: readonly ProtoGate[]) =>
        gates.map((g) => ({ type: g.type, passed: true, detail: 'ok' })),
      async carry(effect) {
        seen.push(effect.type);
        if (effect.type === 'step-status') throw new Error('the network is down');
      },
    };
    const out = await carryOut({ store, proto: gatedProto, now: () => T0 }, mol, effects, handlers);
    expect(out.problems).toContain('could not carry out step-status: the network is down');
    expect(
      out.problems.some((p) => p.startsWith('the gate results of step "build" could not be recorded')),
    ).toBe(true);
    expect(seen.length).toBe(effects.filter((e) => e.type !== 'evaluate-gates').length);
    expect(out.mol).toBe(mol);
  });
});
