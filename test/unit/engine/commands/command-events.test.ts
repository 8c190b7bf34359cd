import { describe, expect, it } from 'vitest';
import { commandEvents } from '../../../../src/engine/commands/command-events.js';
import { isCommandError } from '../../../../src/engine/commands/grammar.js';
import { parseCommands } from '../../../../src/engine/commands/parse-commands.js';
import { transition, transitionAll } from '../../../../src/engine/molecule/ops/transition.js';
import {
  apply,
  chainProto,
  deepFreeze,
  makeProto,
  pourMol,
  protoStep,
  stepOf,
  T0,
} from '../../../helpers/engine-fixtures.js';

const parsed = (line: string) => {
  const command = parseCommands(line)[0];
  if (
    !command ||
    isCommandError(command) ||
    command.verb === 'help' ||
    command.verb === 'status' ||
    command.verb === 'pour' ||
    command.verb === 'wisp' ||
    command.verb === 'deliver'
  )
    throw new Error(`not a change command: ${line}`);
  return command;
};

describe('commandEvents: fail', () => {
  const proto = chainProto(2);

  it('starts a ready step first, so failing a step nobody started is accepted', () => {
    const mol = pourMol(proto).mol;
    expect(stepOf(mol, 's0').status).toBe('ready');
    // The engine alone refuses a bare fail of a ready step: that is why the rule reads the state.
    expect(transition(proto, mol, { type: 'fail', step: 's0', error: 'broken' }, T0).ok).toBe(false);

    const events = commandEvents({ verb: 'fail', step: 's0', reason: 'broken' }, mol, 'ann');
    expect(events.map((e) => e.type)).toEqual(['start', 'fail']);
    const done = transitionAll(proto, deepFreeze(mol), events, T0);
    if (!done.ok) throw new Error(done.error.message);
    expect(stepOf(done.value.mol, 's0')).toMatchObject({ status: 'ready', attempts: 1, error: 'broken' });
    expect(
      done.value.mol.history.filter((h) => h.by === 'ann' && h.step === 's0').map((h) => h.event),
    ).toEqual(['start', 'fail']);
  });

  it('fails a step in progress with one event', () => {
    const started = apply(proto, pourMol(proto).mol, { type: 'start', step: 's0' }).mol;
    expect(commandEvents({ verb: 'fail', step: 's0', reason: 'x' }, started, 'ann')).toEqual([
      { type: 'fail', step: 's0', error: 'x', by: 'ann' },
    ]);
  });

  it('reads a parsed /mol command as it is', () => {
    const mol = pourMol(proto).mol;
    expect(commandEvents(parsed('/mol fail s0 the link is broken'), mol, 'ann')).toEqual([
      { type: 'start', step: 's0', by: 'ann' },
      { type: 'fail', step: 's0', error: 'the link is broken', by: 'ann' },
    ]);
  });

  it('leaves a step that is not ready to the engine, which says why it refuses', () => {
    const mol = pourMol(proto).mol;
    const events = commandEvents({ verb: 'fail', step: 's1', reason: 'x' }, mol, 'ann');
    expect(events.map((e) => e.type)).toEqual(['fail']);
    const refused = transitionAll(proto, mol, events, T0);
    expect(refused.ok).toBe(false);
  });
});

describe('commandEvents: the other verbs', () => {
  const mol = pourMol(chainProto(1)).mol;

  it('maps reset to force-reset only with --force', () => {
    expect(commandEvents(parsed('/mol reset --force'), mol, 'root')).toEqual([
      { type: 'force-reset', by: 'root' },
    ]);
    expect(commandEvents({ verb: 'reset', force: false }, mol, 'ann')).toEqual([
      { type: 'reset', by: 'ann' },
    ]);
  });

  it('carries what the face knows: a checkpoint for done, a reason for skip, a summary for squash', () => {
    const checkpoint = { filesModified: [], testsPassed: true, notes: 'n', capturedAt: T0.toISOString() };
    expect(commandEvents({ verb: 'done', step: 's0', checkpoint }, mol, 'ann')).toEqual([
      { type: 'complete', step: 's0', by: 'ann', checkpoint },
    ]);
    expect(commandEvents({ verb: 'skip', step: 's0', reason: 'later' }, mol, 'ann')).toEqual([
      { type: 'skip', step: 's0', by: 'ann', reason: 'later' },
    ]);
    expect(commandEvents(parsed('/mol squash shipped it'), mol, 'ann')).toEqual([
      { type: 'squash', by: 'ann', summary: 'shipped it' },
    ]);
    expect(commandEvents(parsed('/mol rollback'), mol, 'ann')).toEqual([{ type: 'rollback', by: 'ann' }]);
  });
});

describe('transitionAll', () => {
  it('refuses all when one refuses, and returns the same molecule when nothing changed', () => {
    const proto = makeProto([protoStep('a'), protoStep('b', ['a'])]);
    const mol = deepFreeze(pourMol(proto).mol);
    const refused = transitionAll(
      proto,
      mol,
      [
        { type: 'start', step: 'a' },
        { type: 'complete', step: 'b' },
      ],
      T0,
    );
    expect(refused.ok).toBe(false);
    const completed = apply(proto, apply(proto, mol, { type: 'start', step: 'a' }).mol, {
      type: 'complete',
      step: 'a',
    }).mol;
    const again = transitionAll(proto, completed, [{ type: 'complete', step: 'a' }], T0);
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.mol).toBe(completed);
    expect(again.value.effects.map((e) => e.type)).toEqual(['notice']);
  });

  it('adds up the effects of each event', () => {
    const proto = chainProto(2);
    const mol = pourMol(proto).mol;
    const one = apply(proto, mol, { type: 'start', step: 's0' });
    const two = apply(proto, one.mol, { type: 'complete', step: 's0' });
    const both = transitionAll(
      proto,
      mol,
      [
        { type: 'start', step: 's0' },
        { type: 'complete', step: 's0' },
      ],
      T0,
    );
    if (!both.ok) throw new Error(both.error.message);
    expect(two.mol.rev).toBe(mol.rev + 2);
    expect(both.value.mol).toEqual({ ...two.mol, rev: mol.rev + 1 });
    expect(both.value.effects).toEqual([...one.effects, ...two.effects]);
  });
});
