import { describe, expect, it } from 'vitest';
import { MoleculeSchema } from '../../../../../src/engine/molecule/molecule-schema.js';
import { pour } from '../../../../../src/engine/molecule/ops/pour.js';
import {
  chainProto,
  effectsOf,
  makeProto,
  pourMol,
  protoStep,
  statuses,
  T0,
} from '../../../../helpers/engine-fixtures.js';

const formula = { name: 'test', source: 'builtin@1' as const };

describe('pour', () => {
  it('makes every root ready, dispatches it, and labels the subject active', () => {
    const proto = makeProto([protoStep('a'), protoStep('b'), protoStep('c', ['a', 'b'])]);
    const { mol, effects } = pourMol(proto);
    expect(MoleculeSchema.parse(mol)).toEqual(mol);
    expect(statuses(mol)).toEqual({ a: 'ready', b: 'ready', c: 'pending' });
    expect(mol.status).toBe('pending');
    expect(mol.rev).toBe(0);
    expect(effectsOf(effects, 'dispatch')).toEqual([
      { type: 'dispatch', step: 'a', baseBranches: [] },
      { type: 'dispatch', step: 'b', baseBranches: [] },
    ]);
    expect(effectsOf(effects, 'labels')).toEqual([{ type: 'labels', add: ['molecule:active'], remove: [] }]);
    expect(mol.history[0]).toMatchObject({ event: 'pour', to: 'pending', at: T0.toISOString() });
  });

  it('gives a wisp its expiry from the ttl', () => {
    const { mol } = pourMol(chainProto(1), { kind: 'wisp', ttlMs: 3_600_000 });
    expect(mol.kind).toBe('wisp');
    expect(mol.expiresAt).toBe('2026-01-03T11:00:00.000Z');
    expect(mol.history[0]?.event).toBe('wisp');
  });

  it('skips a root whose condition is false and completes a molecule with nothing to do', () => {
    const proto = makeProto([protoStep('only', [], { condition: 'env == "prod"' })]);
    const { mol } = pourMol(proto, { vars: { env: 'dev' } });
    expect(statuses(mol)).toEqual({ only: 'skipped' });
    expect(mol.status).toBe('complete');
  });

  it('refuses an id a store could not name, and protos with unknown needs, duplicates or cycles', () => {
    const ok = chainProto(2);
    expect(pour(ok, { id: '../etc', now: T0, vars: {}, formula })).toMatchObject({
      ok: false,
      error: { code: 'invalid-id' },
    });
    const unknown = makeProto([protoStep('a', ['ghost'])]);
    expect(pour(unknown, { id: 'm', now: T0, vars: {}, formula })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-proto',
        message: 'step "a" of proto "test" needs "ghost", which is not a step',
      },
    });
    const dup = makeProto([protoStep('a'), protoStep('a')]);
    expect(pour(dup, { id: 'm', now: T0, vars: {}, formula })).toMatchObject({
      ok: false,
      error: { code: 'invalid-proto' },
    });
    const cyclic = makeProto([
      protoStep('root'),
      protoStep('a', ['root', 'c']),
      protoStep('b', ['a']),
      protoStep('c', ['b']),
    ]);
    const result = pour(cyclic, { id: 'm', now: T0, vars: {}, formula });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-proto' } });
    if (!result.ok)
      expect(result.error.message).toMatch(/cycle: (a -> b -> c -> a|b -> c -> a -> b|c -> a -> b -> c)/);
    expect(pour(makeProto([]), { id: 'm', now: T0, vars: {}, formula })).toMatchObject({
      ok: false,
      error: { code: 'empty-proto' },
    });
  });

  it('refuses a molecule id or a step id git would refuse in a ref, naming why', () => {
    const two = chainProto(2);
    for (const [id, why] of [
      ['a..b', 'it contains ".."'],
      ['x.lock', 'it ends with ".lock"'],
      ['m.', 'it ends with "."'],
    ]) {
      const result = pour(two, { id: id as string, now: T0, vars: {}, formula });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-id' } });
      if (!result.ok) expect(result.error.message).toContain(`"${id}" cannot be a molecule id: ${why}`);
    }
    const spaced = makeProto([protoStep('--upload-pack=touch x')]);
    const result = pour(spaced, { id: 'm', now: T0, vars: {}, formula });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-id' } });
    if (!result.ok)
      expect(result.error.message).toMatch(
        /^step id "--upload-pack=touch x" cannot be part of a git ref: it starts with "-"/,
      );
  });
});
