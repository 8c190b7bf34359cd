import { describe, expect, it } from 'vitest';
import { formatCommand } from '../../../../src/engine/commands/format-command.js';
import {
  commandEvents,
  DEFAULT_COMMAND_PERMISSIONS,
  type ParsedCommand,
  parseCommands,
} from '../../../../src/engine/index.js';
import { makeProto, pourMol, protoStep } from '../../../helpers/engine-fixtures.js';

describe('/mol budget', () => {
  it('parses limits for the molecule or, with --step, one step, and reads back as written', () => {
    const [mol, step] = parseCommands(
      '/mol budget usd=10 time=1h\n/mol budget tokens=2_000_000 --step build',
    );
    expect(mol).toMatchObject({ verb: 'budget', budget: { usd: 10, time: '1h' } });
    expect(step).toMatchObject({ verb: 'budget', budget: { tokens: 2_000_000 }, step: 'build' });
    expect(parseCommands(formatCommand(step as ParsedCommand))[0]).toMatchObject({
      verb: 'budget',
      budget: { tokens: 2_000_000 },
      step: 'build',
    });
  });

  it('answers a bad limit in one line naming it', () => {
    expect(parseCommands('/mol budget dollars=5')[0]).toMatchObject({
      code: 'bad-argument',
      message: expect.stringContaining('"dollars" is not a budget limit'),
    });
    expect(parseCommands('/mol budget')[0]).toMatchObject({ code: 'missing-argument' });
  });

  it('needs maintain by default and becomes one budget event', () => {
    expect(DEFAULT_COMMAND_PERMISSIONS.budget).toBe('maintain');
    const { mol } = pourMol(makeProto([protoStep('a')]));
    expect(commandEvents({ verb: 'budget', budget: { usd: 3 }, step: 'a' }, mol, 'ann')).toEqual([
      { type: 'budget', budget: { usd: 3 }, by: 'ann', step: 'a' },
    ]);
  });
});
