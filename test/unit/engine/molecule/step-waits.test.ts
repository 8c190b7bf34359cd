/**
 * The one rule for what a step waits on: a ready step on a person unless the face says it runs by
 * itself, then on being started (not while paused); a step at its gates on an approval when one
 * is open, else on its open gates (the proto's when the state has judged none); a step in
 * progress on its lease holder; a budget stop first; an ended molecule on nothing.
 */
import { describe, expect, it } from 'vitest';
import { type Molecule, stepWaits } from '../../../../src/engine/index.js';
import { makeProto, pourMol, protoStep, stepState } from '../../../helpers/engine-fixtures.js';

const proto = makeProto([
  protoStep('draft', [], { type: 'human', assignee: 'ada' }),
  protoStep('build', [], { run: 'make' }),
  protoStep('review', [], { type: 'gate', gates: [{ type: 'approval', permission: 'write' }] }),
  protoStep('wait'),
  protoStep('soak', [], { type: 'gate', gates: [{ type: 'timer', after: '1h' }] }),
  protoStep('deploy'),
  protoStep('later'),
]);
const UNATTENDED = new Set(['build', 'deploy']);
const AT = '2026-01-03T10:05:00.000Z';

function molecule(status: Molecule['status'], extra: Partial<Molecule> = {}): Molecule {
  const { mol } = pourMol(proto);
  return {
    ...mol,
    status,
    steps: [
      stepState('draft', 'ready'),
      stepState('build', 'ready'),
      stepState('review', 'awaiting_gate', {
        awaitingSince: AT,
        gates: [
          { type: 'timer', passed: null, detail: '' },
          { type: 'approval', passed: null, detail: 'maintain' },
        ],
      }),
      stepState('wait', 'awaiting_gate', {
        gates: [
          { type: 'checks', passed: null, detail: '' },
          { type: 'files', passed: true, detail: '' },
          { type: 'checks', passed: null, detail: '' },
        ],
      }),
      stepState('soak', 'awaiting_gate'),
      stepState('deploy', 'in_progress', {
        startedAt: AT,
        lease: { holder: 'actions', runId: '42', expiresAt: '2026-01-03T11:00:00.000Z' },
      }),
      stepState('later', 'pending'),
    ],
    ...extra,
  };
}

describe('stepWaits', () => {
  it('says what each step of a live molecule waits on, in step order', () => {
    expect(stepWaits(molecule('in_progress'), proto, UNATTENDED)).toEqual([
      { step: 'draft', on: 'person', assignee: 'ada' },
      { step: 'build', on: 'start' },
      { step: 'review', on: 'approval', gates: ['timer', 'approval'], since: AT },
      { step: 'wait', on: 'gates', gates: ['checks'] },
      { step: 'soak', on: 'gates', gates: ['timer'] },
      { step: 'deploy', on: 'running', lease: { holder: 'actions', runId: '42' }, since: AT },
    ]);
  });

  it('takes which steps run by themselves from the caller: the same step waits on a person or a start', () => {
    const ready = (unattended: ReadonlySet<string>) =>
      stepWaits(molecule('pending'), proto, unattended)
        .filter((w) => w.on === 'person' || w.on === 'start')
        .map((w) => `${w.step}:${w.on}`);
    expect(ready(new Set())).toEqual(['draft:person', 'build:person']);
    expect(ready(new Set(['draft', 'build']))).toEqual(['draft:start', 'build:start']);
  });

  it('a paused molecule starts nothing: its steps to start are left out, its budget stop comes first', () => {
    const paused = molecule('paused', { budgetStop: { step: 'build', message: 'usd 5 reached' } });
    const waits = stepWaits(paused, proto, UNATTENDED);
    expect(waits[0]).toEqual({ step: 'build', on: 'budget', detail: 'usd 5 reached' });
    expect(waits.filter((w) => w.on === 'start')).toEqual([]);
    expect(waits.map((w) => w.step)).toContain('draft');
  });

  it('an ended molecule waits on nothing; without a proto gates the state has not judged are unnamed', () => {
    for (const status of ['complete', 'failed', 'squashed', 'burned'] as const)
      expect(stepWaits(molecule(status), proto, UNATTENDED)).toEqual([]);
    expect(stepWaits(molecule('pending'), undefined, UNATTENDED).find((w) => w.step === 'soak')).toEqual({
      step: 'soak',
      on: 'gates',
      gates: [],
    });
  });
});
