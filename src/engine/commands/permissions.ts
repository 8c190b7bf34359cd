/**
 * Who may run which command. Levels are GitHub's repository roles as the
 * collaborator permission endpoint reports them (`role_name`). `author_association` stands in
 * for that call in one case only (readLevelVouched): a command that changes nothing, asked by
 * someone GitHub itself calls the repository's owner, a member or a collaborator.
 */
import type { Proto, ProtoGate } from '../cook/proto.js';
import type { PERMISSIONS } from '../formula/formula-schema.js';
import type { CommandVerb } from './grammar.js';

export type Permission = (typeof PERMISSIONS)[number];
export type PermissionLevel = Permission | 'none';

/** `reset --force` is its own entry: plain `reset` (from a terminal state) needs less. */
export type CommandPermissionKey = CommandVerb | 'reset --force';
export type CommandPermissionTable = Record<CommandPermissionKey, Permission>;

export const DEFAULT_COMMAND_PERMISSIONS: CommandPermissionTable = {
  status: 'read',
  help: 'read',
  pour: 'write',
  wisp: 'write',
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
  // Spending more money is a maintainer's call.
  budget: 'maintain',
  deliver: 'write',
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

/** The higher of two levels. */
export function stricter(a: Permission, b: Permission): Permission {
  return permissionAtLeast(a, b) ? a : b;
}

/** What a command asks, as far as permission goes: a parsed `/mol` command, or a check run's button. */
export interface PermissionAsk {
  verb: CommandVerb;
  /** `reset --force`. */
  force?: boolean;
  step?: string;
}

/**
 * Commands that get a step past its approval gate: approving it, or skipping it, which leaves the
 * step behind without the approval it waits for.
 */
const PASS_APPROVAL: ReadonlySet<CommandVerb> = new Set(['approve', 'skip']);

/** The approval gate a step of the proto declares, if any. */
export function approvalGate(
  proto: Pick<Proto, 'steps'>,
  step: string,
): Extract<ProtoGate, { type: 'approval' }> | undefined {
  const gates = proto.steps.find((s) => s.id === step)?.gates ?? [];
  return gates.find((g): g is Extract<ProtoGate, { type: 'approval' }> => g.type === 'approval');
}

/**
 * The least permission a command needs: the table's level for it, and when it would get a step
 * past an approval gate, the gate's own level too, so nobody below the level a gate asks for can
 * skip the step instead of approving it. Without the proto (before the molecule is read) this is
 * the table's level alone: a floor, checked again once the proto is known.
 */
export function requiredPermission(
  command: PermissionAsk,
  table: CommandPermissionTable = DEFAULT_COMMAND_PERMISSIONS,
  proto?: Pick<Proto, 'steps'>,
): Permission {
  const listed = command.verb === 'reset' && command.force ? table['reset --force'] : table[command.verb];
  if (proto === undefined || command.step === undefined || !PASS_APPROVAL.has(command.verb)) return listed;
  const gate = approvalGate(proto, command.step);
  return gate === undefined ? listed : stricter(listed, gate.permission);
}

/** Verbs that change nothing: they read the molecules and answer. */
const READ_ONLY_VERBS: ReadonlySet<CommandVerb> = new Set(['status', 'help']);

/** The `author_association` values by which GitHub says the author belongs to the repository. */
const BELONGING: ReadonlySet<string> = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);

/**
 * Whether the comment's `author_association` (GitHub's own statement, in the signed webhook or the
 * workflow's event) may stand for `read` without asking the permission endpoint: every command
 * changes nothing, none needs more than `read` under the table, and GitHub calls the author an
 * owner, member or collaborator. Anyone else, and any command that changes state, is looked up.
 */
export function readLevelVouched(
  commands: readonly PermissionAsk[],
  table: CommandPermissionTable,
  association: string | undefined,
): boolean {
  if (association === undefined || !BELONGING.has(association) || commands.length === 0) return false;
  return commands.every((c) => READ_ONLY_VERBS.has(c.verb) && requiredPermission(c, table) === 'read');
}
