import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../src/engine/errors.js';
import { forgetProtos, loadProto } from '../../../src/shell/formulas/load-proto.js';
import { type PourInput, pour } from '../../../src/shell/pour.js';
import { MemoryStore } from '../../helpers/memory-store.js';
import { FakeFormulas } from './fake-formulas.js';

const NOW = new Date('2025-03-01T12:00:00Z');
const REVIEW = `formula = "review"
[vars.who]
required = true
[vars.tone]
default = "kind"
[[steps]]
id = "read"
title = "{{who}} reads, {{tone}}"
[[steps]]
id = "judge"
needs = ["read"]
`;
const CHILD = `formula = "child"
extends = ["base"]
[[steps]]
id = "work"
needs = ["setup"]
`;
const BASE = `formula = "base"
[[steps]]
id = "setup"
`;

function input(source: FakeFormulas, store: MemoryStore, more: Partial<PourInput> = {}): PourInput {
  return {
    source,
    store,
    formula: 'review',
    vars: { who: 'ann' },
    id: '7-aaaaaa',
    now: NOW,
    by: 'someone',
    base: async () => ok({ ref: 'main' }),
    ...more,
  };
}

beforeEach(() => forgetProtos());

describe('pour', () => {
  it('binds the vars with their defaults, pins the formula, pours and creates the molecule', async () => {
    const source = new FakeFormulas();
    const store = new MemoryStore();
    const pin = source.publish('review', REVIEW);
    const poured = await pour(input(source, store));
    if (!poured.ok) throw new Error(poured.error.message);
    expect(poured.value.existed).toBe(false);
    expect(poured.value.mol.vars).toEqual({ who: 'ann', tone: 'kind' });
    expect(poured.value.mol.formula).toEqual({ name: 'review', source: pin });
    expect(poured.value.mol.base).toEqual({ ref: 'main' });
    expect(poured.value.proto.steps.map((s) => s.title)).toEqual(['ann reads, kind', 'judge']);
    expect(poured.value.effects.some((e) => e.type === 'dispatch')).toBe(true);
    const stored = await store.load('7-aaaaaa');
    expect(stored.ok && stored.value?.steps.map((s) => s.status)).toEqual(['ready', 'pending']);
  });

  it('names a missing required var and writes nothing, not even asking for the base', async () => {
    const source = new FakeFormulas();
    const store = new MemoryStore();
    source.publish('review', REVIEW);
    let asked = false;
    const poured = await pour(
      input(source, store, {
        vars: {},
        base: async () => {
          asked = true;
          return ok({ ref: 'main' });
        },
      }),
    );
    expect(poured.ok).toBe(false);
    expect(!poured.ok && poured.error.message).toMatch(/who/);
    expect(store.writes).toBe(0);
    expect(asked).toBe(false);
  });

  it('pins the formulas the cook pulled in', async () => {
    const source = new FakeFormulas();
    source.publish('child', CHILD);
    source.publish('base', BASE);
    const poured = await pour(input(source, new MemoryStore(), { formula: 'child', vars: {} }));
    if (!poured.ok) throw new Error(poured.error.message);
    expect(source.pinned).toEqual([{ named: 'child', used: ['base'] }]);
    expect(Object.keys(poured.value.mol.formula.pins ?? {})).toEqual(['base']);
  });

  it('remembers the proto, so the first load of the new molecule reads no pin', async () => {
    const source = new FakeFormulas();
    source.publish('review', REVIEW);
    const poured = await pour(input(source, new MemoryStore()));
    if (!poured.ok) throw new Error(poured.error.message);
    const loaded = await loadProto(source, poured.value.mol);
    expect(loaded.ok && loaded.value.steps.map((s) => s.id)).toEqual(['read', 'judge']);
    expect(source.blobReads).toBe(0);
  });

  it('fills the default retries into the poured proto', async () => {
    const source = new FakeFormulas();
    source.publish('review', REVIEW);
    const poured = await pour(input(source, new MemoryStore(), { defaultRetries: 2 }));
    expect(poured.ok && poured.value.proto.steps.map((s) => s.maxRetries)).toEqual([2, 2]);
  });

  it('reports an idempotent id already taken as handled before, without writing', async () => {
    const source = new FakeFormulas();
    const store = new MemoryStore();
    source.publish('review', REVIEW);
    expect((await pour(input(source, store, { idempotent: true }))).ok).toBe(true);
    const again = await pour(input(source, store, { idempotent: true }));
    expect(again).toMatchObject({ ok: true, value: { existed: true, effects: [] } });
    expect(store.writes).toBe(1);
  });

  it('refuses a chosen id that is taken', async () => {
    const source = new FakeFormulas();
    const store = new MemoryStore();
    source.publish('review', REVIEW);
    await pour(input(source, store));
    expect(await pour(input(source, store))).toMatchObject({ ok: false, error: { code: 'exists' } });
  });

  it('draws a fresh id again when the one drawn is taken', async () => {
    const source = new FakeFormulas();
    const store = new MemoryStore();
    source.publish('review', REVIEW);
    const ids = ['review-1', 'review-1', 'review-2'];
    const draw = (formula: string) => {
      expect(formula).toBe('review');
      return ids.shift() ?? 'review-x';
    };
    const first = await pour(input(source, store, { id: draw }));
    const second = await pour(input(source, store, { id: draw }));
    expect(first.ok && first.value.mol.id).toBe('review-1');
    expect(second.ok && second.value.mol.id).toBe('review-2');
  });

  it('passes an unknown formula on as the source said it', async () => {
    const poured = await pour(input(new FakeFormulas(), new MemoryStore(), { formula: 'nope' }));
    expect(poured).toMatchObject({ ok: false, error: { code: 'unknown-formula' } });
  });
});
