/**
 * What each step waits on in the words of `--json` (the rule is the engine's `stepWaits`, tested
 * there; here, that its answers keep their documented names), as `mol ls` shows it and `mol ready`
 * filters it: a ready step no command
 * runs waits for a person, one with `run` or an agent for `mol run` (not while the molecule is
 * paused: it starts nothing); an open approval gate waits for an approval, other open gates are
 * named; a step in progress waits on its runner; a budget stop is said first; an ended molecule
 * waits on nothing.
 */
import { describe, expect, it } from 'vitest';
import { waitingSteps, waitingText } from '../../../src/cli/waiting-steps.js';
import type { Molecule } from '../../../src/engine/index.js';
import { makeProto, pourMol, protoStep, stepState } from '../../helpers/engine-fixtures.js';

const proto = makeProto([
  protoStep('draft', [], { type: 'human' }),
  protoStep('notes'),
  protoStep('build', [], { run: 'make' }),
  protoStep('write', [], { agent: 'claude' }),
  protoStep('review'),
  protoStep('wait'),
  protoStep('deploy'),
  protoStep('later'),
]);

const AT = '2026-01-03T10:05:00.000Z';

function molecule(status: Molecule['status'], extra: Partial<Molecule> = {}): Molecule {
  const { mol } = pourMol(proto);
  return {
    ...mol,
    status,
    steps: [
      stepState('draft', 'ready'),
      stepState('notes', 'ready'),
      stepState('build', 'ready'),
      stepState('write', 'ready'),
      stepState('review', 'awaiting_gate', {
        awaitingSince: AT,
        gates: [
          { type: 'command', passed: true, detail: '' },
          { type: 'approval', passed: null, detail: 'maintain' },
        ],
      }),
      stepState('wait', 'awaiting_gate', {
        gates: [
          { type: 'timer', passed: null, detail: '' },
          { type: 'checks', passed: null, detail: '' },
          { type: 'files', passed: true, detail: '' },
        ],
      }),
      stepState('deploy', 'in_progress', {
        startedAt: AT,
        lease: { holder: 'local:42', expiresAt: '2026-01-03T11:00:00.000Z' },
      }),
      stepState('later', 'pending'),
    ],
    ...extra,
  };
}

describe('waitingSteps', () => {
  it('says what each step of a live molecule waits on, in step order', () => {
    expect(waitingSteps(molecule('in_progress'), proto)).toEqual([
      { step: 'draft', why: 'human' },
      { step: 'notes', why: 'human' },
      { step: 'build', why: 'ready' },
      { step: 'write', why: 'ready' },
      { step: 'review', why: 'approval', since: AT },
      { step: 'wait', why: 'gates', detail: 'timer, checks' },
      { step: 'deploy', why: 'running', detail: 'local:42', since: AT },
    ]);
  });

  it('a paused molecule starts nothing: its ready commands are left out, its budget stop comes first', () => {
    const paused = molecule('paused', { budgetStop: { step: 'write', message: 'usd 5 reached' } });
    const waiting = waitingSteps(paused, proto);
    expect(waiting[0]).toEqual({ step: 'write', why: 'budget', detail: 'usd 5 reached' });
    expect(waiting.filter((w) => w.why === 'ready')).toEqual([]);
    expect(waiting.map((w) => w.step)).toContain('draft');
  });

  it('an ended molecule waits on nothing; without its proto no ready step is said to run by itself', () => {
    for (const status of ['complete', 'failed', 'squashed', 'burned'] as const)
      expect(waitingSteps(molecule(status), proto)).toEqual([]);
    expect(
      waitingSteps(molecule('pending'), undefined)
        .filter((w) => w.why === 'ready' || w.why === 'human')
        .map((w) => w.why),
    ).toEqual(['human', 'human', 'human', 'human']);
  });

  it('reads as one cell', () => {
    expect(waitingText(waitingSteps(molecule('in_progress'), proto).slice(3, 6))).toBe(
      'write (ready), review (approval), wait (gates: timer, checks)',
    );
  });
});
