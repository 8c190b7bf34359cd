import { describe, expect, it } from 'vitest';
import { isCommandError, type ParsedCommand } from '../../../../src/engine/commands/grammar.js';
import { parseCommands } from '../../../../src/engine/commands/parse-commands.js';
import {
  DEFAULT_COMMAND_PERMISSIONS,
  type PermissionLevel,
  permissionAtLeast,
  requiredPermission,
} from '../../../../src/engine/commands/permissions.js';

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
