import { describe, expect, it } from 'vitest';
import type { Molecule } from '../../../../src/engine/molecule/molecule-schema.js';
import { isPatrolFormula, nextRound } from '../../../../src/engine/molecule/rewisp.js';
import { MIN, makeProto, pourMol, protoStep, run } from '../../../helpers/engine-fixtures.js';

const patrol = makeProto([protoStep('survey'), protoStep('report', ['survey'])], {
  formula: 'mol-witness-patrol',
});

function finished(opts: { kind?: 'mol' | 'wisp'; loop?: Molecule['loop'] } = {}): Molecule {
  const poured = pourMol(patrol, {
    id: 'mol-witness-patrol-a1b2c3',
    kind: opts.kind ?? 'wisp',
    ttlMs: 30 * MIN,
    vars: { rig: 'gastown' },
  }).mol;
  if (opts.loop) poured.loop = opts.loop;
  return run(patrol, poured, [
    { type: 'start', step: 'survey' },
    { type: 'complete', step: 'survey' },
    { type: 'start', step: 'report' },
    { type: 'complete', step: 'report' },
  ]);
}

describe('nextRound (Gas Town patrol_report.go runPatrolReport → autoSpawnPatrol)', () => {
  it('follows a completed patrol wisp with a new wisp: same vars and TTL, an id from the first round', () => {
    const mol = finished();
    expect(mol.status).toBe('complete');
    expect(nextRound(mol, patrol)).toEqual({
      id: 'mol-witness-patrol-a1b2c3-r2',
      round: 2,
      root: 'mol-witness-patrol-a1b2c3',
      vars: { rig: 'gastown' },
      ttlMs: 30 * MIN,
    });
    const later = finished({ loop: { root: 'mol-witness-patrol-a1b2c3', round: 4 } });
    expect(nextRound(later, patrol)?.id).toBe('mol-witness-patrol-a1b2c3-r5');
  });

  it('pours nothing after a last round, a molecule that is not a wisp, or a round still running', () => {
    expect(nextRound(finished({ loop: { round: 1, last: true } }), patrol)).toBeUndefined();
    expect(nextRound(finished({ kind: 'mol' }), patrol)).toBeUndefined();
    const running = pourMol(patrol, { kind: 'wisp', ttlMs: MIN }).mol;
    expect(nextRound(running, patrol)).toBeUndefined();
  });

  it('knows patrols by name, as Gas Town does (mol-<role>-patrol)', () => {
    for (const name of ['mol-witness-patrol', 'mol-deacon-patrol', 'mol-goblin-scout-patrol'])
      expect(isPatrolFormula(name)).toBe(true);
    for (const name of ['patrol', 'mol-patrol', 'mol-witness-patrol-v2', 'witness-patrol'])
      expect(isPatrolFormula(name)).toBe(false);
    expect(nextRound(finished(), { formula: 'hello' })).toBeUndefined();
  });
});
