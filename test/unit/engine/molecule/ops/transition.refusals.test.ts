import { describe, expect, it } from 'vitest';
import type { Molecule } from '../../../../../src/engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../../../../../src/engine/molecule/ops/events.js';
import { transition } from '../../../../../src/engine/molecule/ops/transition.js';
import { apply, chainProto, deepFreeze, pourMol, run, T0 } from '../../../../helpers/engine-fixtures.js';

const proto = chainProto(2);
const poured = () => pourMol(proto).mol;
const running = () => apply(proto, poured(), { type: 'start', step: 's0' }).mol;
const finished = () =>
  run(proto, poured(), [
    { type: 'complete', step: 's0' },
    { type: 'complete', step: 's1' },
  ]);
const paused = () => apply(proto, running(), { type: 'pause' }).mol;
const squashed = () => apply(proto, finished(), { type: 'squash' }).mol;
const burned = () => apply(proto, running(), { type: 'burn', force: true }).mol;
const readyInRunning = () => run(proto, poured(), [{ type: 'complete', step: 's0' }]);

const cases: Array<[string, () => Molecule, MoleculeEvent, string]> = [
  [
    'gates on a ready step',
    readyInRunning,
    { type: 'gates', step: 's1', gates: [] },
    'step "s1" is ready; it cannot be given gate results',
  ],
  [
    'nudge on a pending step',
    running,
    { type: 'nudge', step: 's1' },
    'step "s1" is pending; it cannot be nudged',
  ],
  [
    'release on a ready step',
    readyInRunning,
    { type: 'release', step: 's1' },
    'step "s1" is ready; it cannot be released',
  ],
  [
    'fail on a ready step',
    readyInRunning,
    { type: 'fail', step: 's1', error: 'x' },
    'step "s1" is ready; it cannot be failed',
  ],
  [
    'timeout on a ready step',
    readyInRunning,
    { type: 'timeout', step: 's1' },
    'step "s1" is ready; it cannot be timed out',
  ],
  [
    'skip on a completed step',
    readyInRunning,
    { type: 'skip', step: 's0' },
    'step "s0" is completed; it cannot be skipped',
  ],
  ['pause when paused', paused, { type: 'pause' }, 'molecule "m1" is paused; it cannot be paused'],
  [
    'resume when paused',
    paused,
    { type: 'resume' },
    'molecule "m1" is paused; it cannot be resumed (unpause it first)',
  ],
  [
    'start in a complete molecule',
    finished,
    { type: 'start', step: 's0' },
    'molecule "m1" is complete; it cannot be started (roll it back, reset it, or retry a failed step to work on it again)',
  ],
  [
    'pause a complete molecule',
    finished,
    { type: 'pause' },
    'molecule "m1" is complete; it cannot be paused (roll it back, reset it, or retry a failed step to work on it again)',
  ],
  [
    'anything on a squashed molecule',
    squashed,
    { type: 'reset' },
    'molecule "m1" is squashed; it cannot be reset (it is gone)',
  ],
  [
    'anything on a burned molecule',
    burned,
    { type: 'force-reset', by: 'admin' },
    'molecule "m1" is burned; it cannot be force-reset (it is gone)',
  ],
  [
    'squash a pending molecule without a summary',
    poured,
    { type: 'squash' },
    'molecule "m1" is pending; it cannot be squashed (to archive unfinished work, give a summary: /mol squash <summary>)',
  ],
];

describe('refusals', () => {
  it.each(cases)('%s is refused with a sentence and changes nothing', (_name, make, event, message) => {
    const mol = deepFreeze(make());
    const before = JSON.stringify(mol);
    const result = transition(proto, mol, event, T0);
    expect(result).toEqual({ ok: false, error: { code: 'invalid-transition', message } });
    expect(JSON.stringify(mol)).toBe(before);
  });

  it('an event for a step the molecule does not have names the steps it has', () => {
    expect(transition(proto, running(), { type: 'complete', step: 'deploy' }, T0)).toEqual({
      ok: false,
      error: { code: 'unknown-step', message: 'molecule "m1" has no step "deploy"; its steps are s0, s1' },
    });
  });

  it('a molecule whose steps do not match the proto is refused, not guessed at', () => {
    const other = chainProto(3);
    expect(transition(other, running(), { type: 'complete', step: 's0' }, T0)).toMatchObject({
      ok: false,
      error: {
        code: 'proto-mismatch',
        message: 'molecule "m1" has steps [s0, s1] but its formula "test" has [s0, s1, s2]',
      },
    });
  });
});
