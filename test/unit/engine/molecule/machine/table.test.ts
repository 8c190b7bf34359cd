import { describe, expect, it } from 'vitest';
import { MOLECULE_MACHINE } from '../../../../../src/engine/molecule/machine/molecule-machine.js';
import { refusalSentence } from '../../../../../src/engine/molecule/machine/refusal.js';
import { STEP_MACHINE } from '../../../../../src/engine/molecule/machine/step-machine.js';
import {
  acceptedEvents,
  canTransition,
  targetsOf,
} from '../../../../../src/engine/molecule/machine/table.js';
import { MOLECULE_STATUSES, STEP_STATUSES } from '../../../../../src/engine/molecule/molecule-schema.js';
import { FINAL_MOLECULE_STATUSES } from '../../../../../src/engine/molecule/statuses.js';

describe('transition tables', () => {
  it('cover every status and only lead to statuses that exist', () => {
    expect(Object.keys(STEP_MACHINE).sort()).toEqual([...STEP_STATUSES].sort());
    expect(Object.keys(MOLECULE_MACHINE).sort()).toEqual([...MOLECULE_STATUSES].sort());
    for (const from of STEP_STATUSES) {
      for (const event of acceptedEvents(STEP_MACHINE, from)) {
        for (const to of targetsOf(STEP_MACHINE, from, event)) expect(STEP_STATUSES).toContain(to);
      }
    }
    for (const from of MOLECULE_STATUSES) {
      for (const event of acceptedEvents(MOLECULE_MACHINE, from)) {
        for (const to of targetsOf(MOLECULE_MACHINE, from, event)) expect(MOLECULE_STATUSES).toContain(to);
      }
    }
  });

  it('let a step start only from ready (or re-start in progress), and reach completed only through work', () => {
    const starts = STEP_STATUSES.filter((s) => canTransition(STEP_MACHINE, s, 'start'));
    expect(starts.sort()).toEqual(['in_progress', 'ready']);
    const intoCompleted = STEP_STATUSES.flatMap((from) =>
      acceptedEvents(STEP_MACHINE, from)
        .filter((e) => from !== 'completed' && targetsOf(STEP_MACHINE, from, e).includes('completed'))
        .map((e) => `${from}:${e}`),
    );
    // `fail` reaches completed only as Gas City's soft_fail, which closes an exhausted step as passed.
    expect(intoCompleted.sort()).toEqual([
      'awaiting_gate:approve',
      'awaiting_gate:complete',
      'awaiting_gate:fail',
      'awaiting_gate:gates',
      'in_progress:complete',
      'in_progress:fail',
      'ready:complete',
    ]);
  });

  it('keep squashed and burned molecules final, and reset for terminal ones', () => {
    for (const status of FINAL_MOLECULE_STATUSES)
      expect(acceptedEvents(MOLECULE_MACHINE, status)).toEqual([]);
    const resettable = MOLECULE_STATUSES.filter((s) => canTransition(MOLECULE_MACHINE, s, 'reset'));
    expect(resettable.sort()).toEqual(['complete', 'failed']);
    const forced = MOLECULE_STATUSES.filter((s) => canTransition(MOLECULE_MACHINE, s, 'force-reset'));
    expect(forced.sort()).toEqual(['complete', 'failed', 'in_progress', 'paused', 'pending']);
    const squashable = MOLECULE_STATUSES.filter((s) => canTransition(MOLECULE_MACHINE, s, 'squash'));
    expect(squashable.sort()).toEqual(['complete', 'failed']);
    expect(canTransition(MOLECULE_MACHINE, 'paused', 'start')).toBe(false);
  });

  it('words a refusal as one sentence', () => {
    expect(refusalSentence('step', 'test', 'completed', 'start')).toBe(
      'step "test" is completed; it cannot be started',
    );
    expect(refusalSentence('molecule', 'm1', 'in_progress', 'reset', 'use --force')).toBe(
      'molecule "m1" is in progress; it cannot be reset (use --force)',
    );
  });
});
