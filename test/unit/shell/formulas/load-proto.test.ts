import { beforeEach, describe, expect, it } from 'vitest';
import type { Molecule } from '../../../../src/engine/molecule/molecule-schema.js';
import {
  cachedProto,
  forgetProtos,
  loadProto,
  rememberProto,
} from '../../../../src/shell/formulas/load-proto.js';
import { FakeFormulas } from '../fake-formulas.js';

const V1 = `formula = "review"
[vars.who]
default = "ann"
[[steps]]
id = "read"
title = "Read it, {{who}}"
[[steps]]
id = "judge"
needs = ["read"]
max_retries = 1
`;
const V2 = `formula = "review"
[[steps]]
id = "other"
`;
const BASE = `formula = "base"
[[steps]]
id = "setup"
`;
const CHILD = `formula = "child"
extends = ["base"]
[[steps]]
id = "work"
needs = ["setup"]
`;

const molOf = (formula: Molecule['formula'], vars: Record<string, string> = {}) =>
  ({ id: '7-abc123', formula, vars }) as unknown as Molecule;

beforeEach(() => forgetProtos());

describe('loadProto', () => {
  it('re-cooks the pinned bytes with the molecule vars, whatever the formula is now', async () => {
    const source = new FakeFormulas();
    const pin = source.publish('review', V1);
    source.publish('review', V2);
    const loaded = await loadProto(source, molOf({ name: 'review', source: pin }, { who: 'bo' }));
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.steps.map((s) => s.title)).toEqual(['Read it, bo', 'judge']);
  });

  it('reads the pins once: a second load of the same pins and vars is a cache hit', async () => {
    const source = new FakeFormulas();
    const mol = molOf({ name: 'review', source: source.publish('review', V1) });
    const first = await loadProto(source, mol);
    expect(source.blobReads).toBe(1);
    const second = await loadProto(source, mol);
    expect(source.blobReads).toBe(1);
    expect(second.ok && first.ok && second.value).toBe(first.ok && first.value);
    expect(cachedProto(source.scope, mol)).toBe(first.ok && first.value);
  });

  it('misses for other vars, and for the same pin in another repository', async () => {
    const source = new FakeFormulas();
    const pin = source.publish('review', V1);
    await loadProto(source, molOf({ name: 'review', source: pin }, { who: 'a' }));
    await loadProto(source, molOf({ name: 'review', source: pin }, { who: 'b' }));
    expect(source.blobReads).toBe(2);
    const elsewhere = new FakeFormulas('acme/gadgets');
    elsewhere.blobs.set(pin.blobSha, V1);
    expect(
      cachedProto(elsewhere.scope, molOf({ name: 'review', source: pin }, { who: 'a' })),
    ).toBeUndefined();
    await loadProto(elsewhere, molOf({ name: 'review', source: pin }, { who: 'a' }));
    expect(elsewhere.blobReads).toBe(1);
  });

  it('reads every formula the pour pinned, and the built-ins by name', async () => {
    const source = new FakeFormulas();
    const root = source.publish('child', CHILD);
    source.builtins.set('base', { text: BASE, file: 'formulas/base.formula.toml', version: '1' });
    const loaded = await loadProto(
      source,
      molOf({ name: 'child', source: root, pins: { base: 'builtin@1' } }),
    );
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.steps.map((s) => s.id)).toEqual(['setup', 'work']);
  });

  it('loads a built-in molecule without reading any blob', async () => {
    const source = new FakeFormulas();
    source.builtins.set('base', { text: BASE, file: 'formulas/base.formula.toml', version: '1' });
    const loaded = await loadProto(source, molOf({ name: 'base', source: 'builtin@1' }));
    expect(loaded.ok && loaded.value.steps.map((s) => s.id)).toEqual(['setup']);
    expect(source.blobReads).toBe(0);
  });

  it('says which molecule cannot be loaded and why, and caches no failure', async () => {
    const source = new FakeFormulas();
    const gone = { path: 'formulas/review.formula.toml', blobSha: 'f'.repeat(40) };
    const missing = await loadProto(source, molOf({ name: 'review', source: gone }));
    expect(missing).toMatchObject({ ok: false, error: { code: 'formula-unloadable' } });
    expect(!missing.ok && missing.error.message).toMatch(
      /molecule 7-abc123: .*"review" cannot be loaded: blob f+ is gone/,
    );
    const noBuiltin = await loadProto(source, molOf({ name: 'nope', source: 'builtin@3' }));
    expect(!noBuiltin.ok && noBuiltin.error.message).toMatch(/built-in formula "nope" pinned as builtin@3/);
    source.blobs.set(gone.blobSha, V1);
    expect((await loadProto(source, molOf({ name: 'review', source: gone }))).ok).toBe(true);
  });

  it('fills the default retries into steps that set none, on hits as on misses', async () => {
    const source = new FakeFormulas();
    const mol = molOf({ name: 'review', source: source.publish('review', V1) });
    const miss = await loadProto(source, mol, { defaultRetries: 4 });
    const hit = await loadProto(source, mol, { defaultRetries: 4 });
    for (const loaded of [miss, hit])
      expect(loaded.ok && loaded.value.steps.map((s) => s.maxRetries)).toEqual([4, 1]);
  });

  it('finds a proto a pour remembered without reading anything', async () => {
    const source = new FakeFormulas();
    const mol = molOf({ name: 'review', source: source.publish('review', V1) });
    const first = await loadProto(source, mol);
    forgetProtos();
    if (!first.ok) throw new Error(first.error.message);
    rememberProto(source.scope, mol, first.value);
    await loadProto(source, mol);
    expect(source.blobReads).toBe(1);
  });
});
