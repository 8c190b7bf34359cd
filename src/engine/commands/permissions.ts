/**
 * Who may run which command (DESIGN §6). Levels are GitHub's repository roles as the
 * collaborator permission endpoint reports them (`role_name`), never `author_association`.
 */
import type { PERMISSIONS } from '../formula/formula-schema.js';
import type { CommandVerb, ParsedCommand } from './grammar.js';

export type Permission = (typeof PERMISSIONS)[number];
export type PermissionLevel = Permission | 'none';

/** `reset --force` is its own entry: plain `reset` (from a terminal state) needs less. */
export type CommandPermissionKey = CommandVerb | 'reset --force';
export type CommandPermissionTable = Record<CommandPermissionKey, Permission>;

export const DEFAULT_COMMAND_PERMISSIONS: CommandPermissionTable = {
  status: 'read',
  help: 'read',
  pour: 'write',
  done: 'write',
  fail: 'write',
  retry: 'write',
  skip: 'write',
  approve: 'maintain',
  rollback: 'write',
  squash: 'write',
  burn: 'write',
  reset: 'write',
  'reset --force': 'admin',
};

const RANK: Record<PermissionLevel, number> = {
  none: 0,
  read: 1,
  triage: 2,
  write: 3,
  maintain: 4,
  admin: 5,
};

/** admin > maintain > write > triage > read > none; anything else (a custom role name) counts as none. */
export function permissionAtLeast(actual: PermissionLevel | string, required: PermissionLevel): boolean {
  const have = Object.hasOwn(RANK, actual) ? RANK[actual as PermissionLevel] : 0;
  return have >= RANK[required];
}

export function requiredPermission(
  command: ParsedCommand,
  table: CommandPermissionTable = DEFAULT_COMMAND_PERMISSIONS,
): Permission {
  return command.verb === 'reset' && command.force ? table['reset --force'] : table[command.verb];
}
