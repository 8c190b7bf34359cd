import { describe, expect, it } from 'vitest';
import {
  deserializeMolecule,
  serializeMolecule,
} from '../../../../../src/engine/molecule/machine/serialize.js';
import { apply, chainProto, pourMol } from '../../../../helpers/engine-fixtures.js';

describe('serialize / deserialize', () => {
  const proto = chainProto(3);
  const mol = apply(proto, pourMol(proto).mol, {
    type: 'start',
    step: 's0',
    lease: { holder: 'me', ttlMs: 60_000 },
  }).mol;

  it('round-trips a molecule through JSON', () => {
    const back = deserializeMolecule(serializeMolecule(mol));
    expect(back).toEqual({ ok: true, value: mol });
  });

  it('names the path, the allowed values and the bad value', () => {
    const data = JSON.parse(serializeMolecule(mol));
    data.steps[2].status = 'done';
    const result = deserializeMolecule(JSON.stringify(data));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid-state');
    expect(result.error.message).toBe(
      'molecule state: steps[2].status must be one of pending, ready, in_progress, awaiting_gate, completed, failed, skipped, blocked, got "done"',
    );
  });

  it('reports missing fields, wrong types and every problem as a diagnostic', () => {
    const data = JSON.parse(serializeMolecule(mol));
    delete data.rev;
    data.steps[0].attempts = 'one';
    const result = deserializeMolecule(JSON.stringify(data));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const messages = result.error.diagnostics?.map((d) => d.message) ?? [];
    expect(messages).toContain('rev is missing (expected number)');
    expect(messages).toContain('steps[0].attempts must be number, got "one"');
    expect(result.error.message).toMatch(/\(and 1 more problem\)$/);
  });

  it('refuses text that is not JSON', () => {
    const result = deserializeMolecule('{"v":1,');
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-json' } });
    if (!result.ok) expect(result.error.message).toMatch(/^molecule state is not valid JSON: /);
  });
});
