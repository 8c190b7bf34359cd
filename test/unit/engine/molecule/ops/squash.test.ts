import { describe, expect, it } from 'vitest';
import { ArchiveRecordSchema } from '../../../../../src/engine/molecule/molecule-schema.js';
import { transition } from '../../../../../src/engine/molecule/ops/transition.js';
import {
  apply,
  at,
  chainProto,
  effectsOf,
  MIN,
  makeProto,
  pourMol,
  protoStep,
  run,
  T0,
} from '../../../../helpers/engine-fixtures.js';

const proto = chainProto(3);
const complete = () =>
  run(proto, pourMol(proto, { title: 'Auth refactor' }).mol, [
    { type: 'start', step: 's0' },
    { type: 'fail', step: 's0', error: 'flaky' },
    { type: 'start', step: 's0' },
    { type: 'complete', step: 's0' },
    { type: 'complete', step: 's1' },
    { type: 'skip', step: 's2' },
  ]);

describe('squash', () => {
  it('archives a finished molecule with a default summary and metrics', () => {
    const mol = complete();
    expect(mol.status).toBe('complete');
    const { mol: after, effects } = apply(proto, mol, { type: 'squash', by: 'alice' }, at(90 * MIN));
    expect(after.status).toBe('squashed');
    const [archive] = effectsOf(effects, 'archive');
    expect(archive).toBeDefined();
    const record = ArchiveRecordSchema.parse(archive?.record);
    expect(record).toMatchObject({
      id: 'm1',
      title: 'Auth refactor',
      outcome: 'complete',
      summary: 'Auth refactor: 2 of 3 steps completed in 1.5h (complete)',
      metrics: { durationMs: 90 * MIN, attempts: 3, retries: 1, loops: 0 },
      squashedAt: at(90 * MIN).toISOString(),
    });
    expect(record.steps.map((s) => [s.id, s.status, s.attempts])).toEqual([
      ['s0', 'completed', 2],
      ['s1', 'completed', 1],
      ['s2', 'skipped', 0],
    ]);
    expect(after.summary).toBe(record.summary);
    expect(effectsOf(effects, 'labels')).toEqual([]);
  });

  it('fills the formula’s squash template', () => {
    const p = {
      ...proto,
      squash: {
        template: '{{title}} done: {{completed}}/{{total}} in {{duration}}; {{unknown}}',
        includeMetrics: true,
      },
    };
    const { effects } = apply(p, complete(), { type: 'squash' }, at(30 * MIN));
    expect(effectsOf(effects, 'archive')[0]?.record.summary).toBe(
      'Auth refactor done: 2/3 in 30m; {{unknown}}',
    );
  });

  it('unfinished work needs a summary; with one it is archived as it stands', () => {
    const running = apply(proto, pourMol(proto).mol, { type: 'start', step: 's0' }).mol;
    expect(transition(proto, running, { type: 'squash' }, T0)).toMatchObject({
      ok: false,
      error: {
        message:
          'molecule "m1" is in progress; it cannot be squashed (to archive unfinished work, give a summary: /mol squash <summary>)',
      },
    });
    const { effects } = apply(proto, running, { type: 'squash', summary: 'superseded by #12' });
    expect(effectsOf(effects, 'archive')[0]?.record).toMatchObject({
      outcome: 'in_progress',
      summary: 'superseded by #12',
    });
    expect(effectsOf(effects, 'labels')).toEqual([{ type: 'labels', add: [], remove: ['molecule:active'] }]);
  });

  it('deletes the branches of a distributed molecule, never those of a local one', () => {
    const p = makeProto([protoStep('a'), protoStep('b', ['a'])], { execution: 'distributed' });
    const mol = run(p, pourMol(p).mol, [
      { type: 'complete', step: 'a', branch: 'molecular/m1/a' },
      { type: 'complete', step: 'b', branch: 'molecular/m1/b' },
    ]);
    expect(effectsOf(apply(p, mol, { type: 'squash' }).effects, 'delete-branches')).toEqual([
      { type: 'delete-branches', branches: ['molecular/m1/a', 'molecular/m1/b'] },
    ]);
    const local = run(proto, complete(), []);
    expect(effectsOf(apply(proto, local, { type: 'squash' }).effects, 'delete-branches')).toEqual([]);
  });

  it('a squashed molecule accepts nothing more', () => {
    const squashed = apply(proto, complete(), { type: 'squash' }).mol;
    expect(transition(proto, squashed, { type: 'burn' }, T0)).toMatchObject({
      ok: false,
      error: { message: 'molecule "m1" is squashed; it cannot be burned (it is gone)' },
    });
  });
});

describe('burn and evaporate', () => {
  it('burn discards from any state that is not final, without a record; work in progress only with force', () => {
    const running = apply(proto, pourMol(proto).mol, { type: 'start', step: 's0' }).mol;
    expect(transition(proto, running, { type: 'burn', by: 'alice' }, T0)).toMatchObject({
      ok: false,
      error: { code: 'in-progress', message: expect.stringMatching(/s0 in progress\); give --force/) },
    });
    const { mol, effects } = apply(proto, running, { type: 'burn', by: 'alice', force: true });
    expect(mol.status).toBe('burned');
    expect(effectsOf(effects, 'archive')).toEqual([]);
    expect(effectsOf(effects, 'labels')).toEqual([{ type: 'labels', add: [], remove: ['molecule:active'] }]);
  });

  it('evaporate ends an expired wisp, and is refused for molecules and for wisps still alive', () => {
    const wisp = pourMol(proto, { kind: 'wisp', ttlMs: 60 * MIN }).mol;
    expect(transition(proto, wisp, { type: 'evaporate' }, at(30 * MIN))).toMatchObject({
      ok: false,
      error: { code: 'not-expired' },
    });
    expect(apply(proto, wisp, { type: 'evaporate' }, at(60 * MIN)).mol.status).toBe('burned');
    expect(transition(proto, pourMol(proto).mol, { type: 'evaporate' }, at(60 * MIN))).toMatchObject({
      ok: false,
      error: { code: 'not-a-wisp' },
    });
  });
});
