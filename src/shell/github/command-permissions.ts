/**
 * Who may do what: the built-in table under the config's `permissions`, checked
 * against the level the collaborator permission endpoint reports (`role_name`, cached), never
 * against `author_association`.
 */
import type { CommandPermissionTable, Permission, PermissionLevel } from '../../engine/index.js';
import { commandPermissions } from '../../github/config.js';
import { getPermission } from '../../github/permission.js';
import type { GitHubContext } from './github-context.js';

export function permissionTable(ctx: GitHubContext): CommandPermissionTable {
  return commandPermissions(ctx.config);
}

export function levelOf(ctx: GitHubContext, login: string): Promise<PermissionLevel> {
  return getPermission(ctx.octokit, ctx.repo, login, ctx.permissions);
}

export function permissionRefusal(
  what: string,
  required: Permission,
  have: PermissionLevel,
  repo: string,
): string {
  return `${what} needs **${required}** permission on ${repo}; you have **${have === 'none' ? 'no access' : have}**`;
}
