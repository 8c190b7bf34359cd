import { describe, expect, it } from 'vitest';
import { commandEvents } from '../../../src/engine/commands/command-events.js';
import { err, ok } from '../../../src/engine/errors.js';
import { changeMolecule, handledUnder, NEEDS_PROTO } from '../../../src/shell/change-molecule.js';
import { chainProto, pourMol, stepOf, T0 } from '../../helpers/engine-fixtures.js';
import { MemoryStore } from '../../helpers/memory-store.js';

const proto = chainProto(2);

async function stored() {
  const store = new MemoryStore();
  const created = await store.create(pourMol(proto).mol);
  if (!created.ok) throw new Error(created.error.message);
  store.writes = 0;
  return { store, mol: created.value };
}

async function load(store: MemoryStore, id: string) {
  const loaded = await store.load(id);
  if (!loaded.ok || !loaded.value) throw new Error('gone');
  return loaded.value;
}

describe('changeMolecule', () => {
  it('writes one event once and returns its effects', async () => {
    const { store, mol } = await stored();
    const change = await changeMolecule(store, proto, mol.id, { type: 'start', step: 's0' }, T0);
    if (!change.ok) throw new Error(change.error.message);
    expect(change.value.changed).toBe(true);
    expect(change.value.effects).toContainEqual({
      type: 'step-status',
      step: 's0',
      from: 'ready',
      to: 'in_progress',
    });
    expect(store.writes).toBe(1);
    expect(stepOf(await load(store, mol.id), 's0').status).toBe('in_progress');
  });

  it('applies a list as one write, one revision on, or writes nothing when one is refused', async () => {
    const { store, mol } = await stored();
    const refused = await changeMolecule(
      store,
      proto,
      mol.id,
      [
        { type: 'start', step: 's0' },
        { type: 'complete', step: 's1' },
      ],
      T0,
    );
    expect(refused.ok).toBe(false);
    expect(store.writes).toBe(0);
    const both = await changeMolecule(
      store,
      proto,
      mol.id,
      [
        { type: 'start', step: 's0' },
        { type: 'complete', step: 's0' },
      ],
      T0,
    );
    if (!both.ok) throw new Error(both.error.message);
    expect(store.writes).toBe(1);
    const after = await load(store, mol.id);
    expect(after.rev).toBe(mol.rev + 1);
    expect(stepOf(after, 's0').status).toBe('completed');
    expect(stepOf(after, 's1').status).toBe('ready');
  });

  it('chooses the events from the molecule as it stands when written, not as the caller last saw it', async () => {
    const { store, mol } = await stored();
    // The caller saw s0 ready; another writer starts it before the command is applied.
    await changeMolecule(store, proto, mol.id, { type: 'start', step: 's0' }, T0);
    const seen: string[] = [];
    const change = await changeMolecule(
      store,
      proto,
      mol.id,
      (current) => {
        seen.push(stepOf(current, 's0').status);
        return ok(commandEvents({ verb: 'fail', step: 's0', reason: 'no' }, current, 'ann'));
      },
      T0,
    );
    if (!change.ok) throw new Error(change.error.message);
    expect(seen).toEqual(['in_progress']);
    expect(stepOf(change.value.mol, 's0')).toMatchObject({ attempts: 1, error: 'no' });
  });

  it('a plan that refuses under the lock writes nothing and says why', async () => {
    const { store, mol } = await stored();
    const change = await changeMolecule(store, proto, mol.id, () => err('stale-report', 'taken over'), T0);
    expect(change).toEqual({ ok: false, error: { code: 'stale-report', message: 'taken over' } });
    expect(store.writes).toBe(0);
  });

  it('writes nothing when nothing changes, and hands back the notice', async () => {
    const { store, mol } = await stored();
    await changeMolecule(
      store,
      proto,
      mol.id,
      [
        { type: 'start', step: 's0' },
        { type: 'complete', step: 's0' },
      ],
      T0,
    );
    store.writes = 0;
    const again = await changeMolecule(store, proto, mol.id, { type: 'complete', step: 's0' }, T0);
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.changed).toBe(false);
    expect(again.value.effects.map((e) => e.type)).toEqual(['notice']);
    expect(store.writes).toBe(0);
  });

  it('records a command under its key, and a redelivery of that key changes nothing', async () => {
    const { store, mol } = await stored();
    const marker = { key: 'comment 9 line 1', by: 'ann', text: '/mol skip s0' };
    const first = await changeMolecule(
      store,
      proto,
      mol.id,
      { type: 'skip', step: 's0', by: 'ann' },
      T0,
      marker,
    );
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.mol.history.at(-1)).toMatchObject({
      event: 'command',
      by: 'ann',
      note: 'comment 9 line 1: /mol skip s0',
    });
    expect(handledUnder(first.value.mol, marker.key)).toBe(true);
    expect(handledUnder(first.value.mol, 'comment 9 line 12')).toBe(false);
    const again = await changeMolecule(
      store,
      proto,
      mol.id,
      { type: 'skip', step: 's1', by: 'ann' },
      T0,
      marker,
    );
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value).toMatchObject({ changed: false, duplicate: true, effects: [] });
    expect(stepOf(await load(store, mol.id), 's1').status).toBe('ready');
    expect(store.writes).toBe(1);
  });

  it('asks for the proto when the caller cannot find it without I/O, and writes nothing', async () => {
    const { store, mol } = await stored();
    const first: { mol?: typeof mol } = {};
    const change = await changeMolecule(
      store,
      () => undefined,
      mol.id,
      { type: 'start', step: 's0' },
      T0,
      undefined,
      first,
    );
    expect(change.ok || change.error.code).toBe(NEEDS_PROTO);
    expect(first.mol?.id).toBe(mol.id);
    expect(store.writes).toBe(0);
    const known = await changeMolecule(store, () => proto, mol.id, { type: 'start', step: 's0' }, T0);
    expect(known.ok).toBe(true);
  });
});
