import { describe, expect, it } from 'vitest';
import { isCommandError, type ParsedCommand } from '../../../../src/engine/commands/grammar.js';
import { parseCommands } from '../../../../src/engine/commands/parse-commands.js';
import {
  approvalGate,
  DEFAULT_COMMAND_PERMISSIONS,
  type PermissionLevel,
  permissionAtLeast,
  readLevelVouched,
  requiredPermission,
  stricter,
} from '../../../../src/engine/commands/permissions.js';
import { makeProto, protoStep } from '../../../helpers/engine-fixtures.js';

const command = (line: string): ParsedCommand => {
  const parsed = parseCommands(line)[0];
  if (!parsed || isCommandError(parsed)) throw new Error(`not a command: ${line}`);
  return parsed;
};

describe('permissionAtLeast', () => {
  const order: PermissionLevel[] = ['none', 'read', 'triage', 'write', 'maintain', 'admin'];
  it('orders admin > maintain > write > triage > read > none', () => {
    for (const [i, actual] of order.entries()) {
      for (const [j, required] of order.entries()) {
        expect(permissionAtLeast(actual, required)).toBe(i >= j);
      }
    }
  });

  it('treats a role it does not know as no permission', () => {
    expect(permissionAtLeast('custom-role', 'read')).toBe(false);
    expect(permissionAtLeast('__proto__', 'read')).toBe(false);
    expect(permissionAtLeast('custom-role', 'none')).toBe(true);
  });
});

describe('requiredPermission with the default table', () => {
  it('lets readers ask for status and help, maintainers approve, admins force a reset, writers the rest', () => {
    expect(requiredPermission(command('/mol status'))).toBe('read');
    expect(requiredPermission(command('/mol help'))).toBe('read');
    expect(requiredPermission(command('/mol approve plan'))).toBe('maintain');
    expect(requiredPermission(command('/mol reset --force'))).toBe('admin');
    expect(requiredPermission(command('/mol reset'))).toBe('write');
    for (const line of [
      '/mol pour f',
      '/mol done a',
      '/mol fail a b',
      '/mol retry a',
      '/mol skip a',
      '/mol rollback',
      '/mol squash',
      '/mol burn',
    ]) {
      expect(requiredPermission(command(line))).toBe('write');
    }
  });

  it('reads a configured table instead of the default', () => {
    const table = { ...DEFAULT_COMMAND_PERMISSIONS, burn: 'admin' as const };
    expect(requiredPermission(command('/mol burn'), table)).toBe('admin');
    expect(requiredPermission(command('/mol burn'))).toBe('write');
  });
});

describe('requiredPermission with the proto: an approval gate asks for its own level', () => {
  const proto = makeProto([
    protoStep('build'),
    protoStep('sign', ['build'], { gates: [{ type: 'approval', permission: 'maintain' }] }),
    protoStep('ship', ['sign'], { gates: [{ type: 'approval', permission: 'admin' }] }),
    protoStep('check', ['ship'], { gates: [{ type: 'approval', permission: 'triage' }] }),
  ]);

  it('skipping a step behind an approval needs the gate level, not only the skip level', () => {
    expect(requiredPermission(command('/mol skip sign'), DEFAULT_COMMAND_PERMISSIONS, proto)).toBe(
      'maintain',
    );
    expect(requiredPermission(command('/mol skip ship'), DEFAULT_COMMAND_PERMISSIONS, proto)).toBe('admin');
    // A button asks the same question as the command.
    expect(requiredPermission({ verb: 'skip', step: 'sign' }, DEFAULT_COMMAND_PERMISSIONS, proto)).toBe(
      'maintain',
    );
  });

  it('approving needs the higher of the command level and the gate level', () => {
    const table = { ...DEFAULT_COMMAND_PERMISSIONS, approve: 'write' as const };
    expect(requiredPermission(command('/mol approve sign'), table, proto)).toBe('maintain');
    expect(requiredPermission(command('/mol approve check'), table, proto)).toBe('write');
    expect(requiredPermission(command('/mol approve check'), DEFAULT_COMMAND_PERMISSIONS, proto)).toBe(
      'maintain',
    );
  });

  it('a gate never lowers the level, and other commands or ungated steps keep the table level', () => {
    const table = { ...DEFAULT_COMMAND_PERMISSIONS, skip: 'admin' as const };
    expect(requiredPermission(command('/mol skip check'), table, proto)).toBe('admin');
    expect(requiredPermission(command('/mol skip build'), DEFAULT_COMMAND_PERMISSIONS, proto)).toBe('write');
    expect(requiredPermission(command('/mol retry sign'), DEFAULT_COMMAND_PERMISSIONS, proto)).toBe('write');
    expect(requiredPermission(command('/mol done sign'), DEFAULT_COMMAND_PERMISSIONS, proto)).toBe('write');
    expect(requiredPermission(command('/mol skip nope'), DEFAULT_COMMAND_PERMISSIONS, proto)).toBe('write');
  });

  it('finds the approval gate of a step, and picks the stricter of two levels', () => {
    expect(approvalGate(proto, 'sign')).toEqual({ type: 'approval', permission: 'maintain' });
    expect(approvalGate(proto, 'build')).toBeUndefined();
    expect(stricter('write', 'maintain')).toBe('maintain');
    expect(stricter('admin', 'read')).toBe('admin');
  });
});

describe('readLevelVouched: author_association stands in for the permission call', () => {
  const table = DEFAULT_COMMAND_PERMISSIONS;
  const reading = ['/mol status', '/mol help'].map(command);

  it("takes GitHub's word for owners, members and collaborators asking what changes nothing", () => {
    for (const association of ['OWNER', 'MEMBER', 'COLLABORATOR']) {
      expect(readLevelVouched(reading, table, association)).toBe(true);
      expect(readLevelVouched([command('/mol status')], table, association)).toBe(true);
    }
  });

  it('looks up everyone else, and a missing association', () => {
    for (const association of ['NONE', 'CONTRIBUTOR', 'FIRST_TIME_CONTRIBUTOR', 'FIRST_TIMER', 'MANNEQUIN']) {
      expect(readLevelVouched(reading, table, association)).toBe(false);
    }
    expect(readLevelVouched(reading, table, undefined)).toBe(false);
    expect(readLevelVouched(reading, table, 'owner')).toBe(false);
  });

  it('looks up any comment with a command that changes state, whoever asks', () => {
    for (const line of [
      '/mol done build',
      '/mol pour ship',
      '/mol reset',
      '/mol deliver',
      '/mol approve review',
    ]) {
      expect(readLevelVouched([command('/mol status'), command(line)], table, 'OWNER')).toBe(false);
    }
  });

  it('looks up when the config asks more than read for a reading command', () => {
    expect(readLevelVouched(reading, { ...table, status: 'triage' }, 'COLLABORATOR')).toBe(false);
    expect(readLevelVouched([command('/mol help')], { ...table, help: 'write' }, 'MEMBER')).toBe(false);
  });

  it('has nothing to vouch for without a command', () => {
    expect(readLevelVouched([], table, 'OWNER')).toBe(false);
  });
});
