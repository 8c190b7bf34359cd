import { describe, expect, it } from 'vitest';
import { decodeState } from '../../../../src/engine/codec/decode.js';
import { encodeState } from '../../../../src/engine/codec/encode.js';
import type { Proto, ProtoFanout } from '../../../../src/engine/cook/proto.js';
import { fanoutItems, withFanouts } from '../../../../src/engine/molecule/fanout.js';
import { type Molecule, OUTPUT_TAIL_CHARS } from '../../../../src/engine/molecule/molecule-schema.js';
import { transition } from '../../../../src/engine/molecule/ops/transition.js';
import { makeProto, pourMol, protoStep, statuses, T0 } from '../../../helpers/engine-fixtures.js';

const FANOUT: ProtoFanout = {
  forEach: 'output.items',
  bond: 'arm',
  sequential: false,
  vars: { name: '{item.name}', i: '{index}' },
  template: [
    { id: '{target}.a', title: 'A {{name}}', description: '', needs: [], type: 'task', run: 'true' },
    { id: '{target}.b', title: 'B', description: '', needs: ['{target}.a'], type: 'task', run: 'true' },
  ],
};

function spawnerProto(extra: Partial<Proto['steps'][number]> = {}): Proto {
  return makeProto([
    protoStep('s', [], { run: 'x', fanout: FANOUT }),
    protoStep('w', ['s'], { run: 'y', ...extra }),
  ]);
}

const out = (items: unknown[]) => ({
  filesModified: [],
  testsPassed: true,
  notes: '',
  capturedAt: T0.toISOString(),
  outputTail: `hello\n${JSON.stringify({ items })}\n`,
});

function go(proto: Proto, mol: Molecule, event: Parameters<typeof transition>[2]): Molecule {
  const r = transition(withFanouts(proto, mol), mol, event, T0);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.mol;
}

describe('fan-out', () => {
  it('reads the items from the last JSON line', () => {
    const r = fanoutItems('s', FANOUT, out([{ name: 'ada' }, { name: 'bob' }]).outputTail);
    expect(r).toEqual({
      ok: true,
      value: [
        { name: 'ada', i: '0' },
        { name: 'bob', i: '1' },
      ],
    });
  });

  it('says the list was too long for what a checkpoint keeps when the tail is full and holds no whole JSON line', () => {
    const items = Array.from({ length: 200 }, (_, n) => ({ name: `worker-${n}` }));
    const printed = JSON.stringify({ items });
    expect(printed.length).toBeGreaterThan(OUTPUT_TAIL_CHARS);
    const kept = `${printed}\n`.slice(-OUTPUT_TAIL_CHARS);
    const r = fanoutItems('s', FANOUT, kept);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toBe(
      `step "s": on_complete for_each "output.items": the step printed no JSON output that ends within its last ${OUTPUT_TAIL_CHARS} characters, all a step keeps of its output; print the list shorter, as the last line`,
    );
    // A short tail without JSON says only that.
    const none = fanoutItems('s', FANOUT, 'no json here\n');
    expect(!none.ok && none.error.message).toMatch(
      /printed no JSON output \(its last JSON line is its output/,
    );
  });

  it('adds the children when the step completes and advances them', () => {
    const proto = spawnerProto();
    let mol = pourMol(proto).mol;
    mol = go(proto, mol, { type: 'start', step: 's' });
    mol = go(proto, mol, {
      type: 'complete',
      step: 's',
      checkpoint: out([{ name: 'ada' }, { name: 'bob' }]),
    });
    expect(statuses(mol)).toEqual({
      s: 'completed',
      w: 'ready',
      's.item.1.a': 'ready',
      's.item.1.b': 'pending',
      's.item.2.a': 'ready',
      's.item.2.b': 'pending',
    });
    const grown = withFanouts(proto, mol);
    expect(grown.steps.find((s) => s.id === 's.item.2.a')).toMatchObject({
      title: 'A bob',
      needs: ['s'],
      vars: { name: 'bob', i: '1' },
    });
  });

  it('fails the step, with the reason, when its output has no array there', () => {
    const proto = spawnerProto();
    let mol = pourMol(proto).mol;
    mol = go(proto, mol, { type: 'start', step: 's' });
    const checkpoint = { ...out([]), outputTail: 'no json here\n' };
    mol = go(proto, mol, { type: 'complete', step: 's', checkpoint });
    const s = mol.steps[0];
    expect(s?.status).not.toBe('completed');
    expect(s?.error ?? mol.history.at(-1)?.note).toMatch(
      /on_complete for_each "output\.items": the step printed no JSON output/,
    );
    expect(mol.steps).toHaveLength(2);
  });

  it('adds no children for an empty list, and a waits_for step goes on at once', () => {
    const proto = spawnerProto({ waitsFor: { gate: 'all-children', spawner: 's' } });
    let mol = pourMol(proto).mol;
    mol = go(proto, mol, { type: 'start', step: 's' });
    mol = go(proto, mol, { type: 'complete', step: 's', checkpoint: out([]) });
    expect(statuses(mol)).toEqual({ s: 'completed', w: 'ready' });
    expect(mol.steps[0]?.fanout).toEqual([]);
  });

  it('holds an all-children step until every child closed, an any-children step until the first', () => {
    for (const gate of ['all-children', 'any-children'] as const) {
      const proto = spawnerProto({ waitsFor: { gate, spawner: 's' } });
      let mol = pourMol(proto).mol;
      mol = go(proto, mol, { type: 'start', step: 's' });
      mol = go(proto, mol, { type: 'complete', step: 's', checkpoint: out([{ name: 'a' }, { name: 'b' }]) });
      expect(statuses(mol).w).toBe('pending');
      mol = go(proto, mol, { type: 'complete', step: 's.item.1.a' });
      expect(statuses(mol).w).toBe(gate === 'any-children' ? 'ready' : 'pending');
      for (const id of ['s.item.1.b', 's.item.2.a', 's.item.2.b'])
        mol = go(proto, mol, { type: 'complete', step: id });
      expect(statuses(mol).w).toBe('ready');
    }
  });

  it('blocks a waits_for step when its children fail (all-children: one; any-children: all)', () => {
    for (const gate of ['all-children', 'any-children'] as const) {
      const proto = spawnerProto({ waitsFor: { gate, spawner: 's' } });
      let mol = pourMol(proto).mol;
      mol = go(proto, mol, { type: 'start', step: 's' });
      mol = go(proto, mol, { type: 'complete', step: 's', checkpoint: out([{ name: 'a' }]) });
      const failing = { type: 'fail' as const, step: 's.item.1.a', error: 'no' };
      for (let k = 0; k < 3 && statuses(mol)['s.item.1.a'] !== 'failed'; k++) {
        mol = go(proto, mol, { type: 'start', step: 's.item.1.a' });
        mol = go(proto, mol, failing);
      }
      expect(statuses(mol).w).toBe('blocked');
    }
  });

  it('round-trips the children through the state comment, and a reset forgets them', () => {
    const proto = spawnerProto();
    let mol = pourMol(proto).mol;
    mol = go(proto, mol, { type: 'start', step: 's' });
    mol = go(proto, mol, { type: 'complete', step: 's', checkpoint: out([{ name: 'ada' }]) });
    // The caller's proto is the cooked one: the view adds the children itself.
    const encoded = encodeState(mol, { proto });
    if (!encoded.ok) throw new Error(encoded.error.message);
    expect(encoded.value.body).toContain('A ada');
    expect(encoded.value.body).toContain('s.item.1.b');
    const back = decodeState(encoded.value.body);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.steps.map((s) => [s.id, s.status, s.fanout])).toEqual(
      mol.steps.map((s) => [s.id, s.status, s.fanout]),
    );
    expect(withFanouts(proto, back.value).steps).toEqual(withFanouts(proto, mol).steps);
    const reset = transition(
      withFanouts(proto, mol),
      { ...mol, status: 'failed' },
      { type: 'force-reset', by: 'me' },
      T0,
    );
    if (!reset.ok) throw new Error(reset.error.message);
    expect(reset.value.mol.steps.map((s) => s.id)).toEqual(['s', 'w']);
  });
});
