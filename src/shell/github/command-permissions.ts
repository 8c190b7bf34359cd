/**
 * Who may do what: the built-in table under the config's `permissions`, checked
 * against the level the collaborator permission endpoint reports (`role_name`, cached). A
 * comment's `author_association` replaces that call only for commands that change nothing
 * (commandLevel, by the engine's readLevelVouched).
 */
import {
  type CommandPermissionTable,
  type Permission,
  type PermissionAsk,
  type PermissionLevel,
  readLevelVouched,
} from '../../engine/index.js';
import { commandPermissions } from '../../github/config.js';
import { getPermission } from '../../github/permission.js';
import type { GitHubContext } from './github-context.js';

export function permissionTable(ctx: GitHubContext): CommandPermissionTable {
  return commandPermissions(ctx.config);
}

export function levelOf(ctx: GitHubContext, login: string): Promise<PermissionLevel> {
  return getPermission(ctx.octokit, ctx.repo, login, ctx.permissions);
}

/**
 * The commenter's level for a comment's commands: `read` on GitHub's word when they only read and
 * the comment's author belongs to the repository (no call), else the permission endpoint's.
 */
export async function commandLevel(
  ctx: GitHubContext,
  login: string,
  commands: readonly PermissionAsk[],
  association: string | undefined,
): Promise<PermissionLevel> {
  if (commands.length === 0) return 'none';
  if (readLevelVouched(commands, permissionTable(ctx), association)) return 'read';
  return levelOf(ctx, login);
}

export function permissionRefusal(
  what: string,
  required: Permission,
  have: PermissionLevel,
  repo: string,
): string {
  return `${what} needs **${required}** permission on ${repo}; you have **${have === 'none' ? 'no access' : have}**`;
}
