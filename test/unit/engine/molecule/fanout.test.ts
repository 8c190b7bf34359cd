import { describe, expect, it } from 'vitest';
import type { Proto, ProtoFanout } from '../../../../src/engine/cook/proto.js';
import { fanoutItems, withFanouts } from '../../../../src/engine/molecule/fanout.js';
import type { Molecule } from '../../../../src/engine/molecule/molecule-schema.js';
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
});
