/**
 * Who may pour through automation, and whose words a pour's variables are. An app that may add
 * labels needs only `issues: write` (triage level), so a labelling bot is checked like a person
 * unless it is Molecular itself or listed under `trusted_labelers`. A `mol-vars` block is text
 * the issue's author wrote, and whoever pours does not vouch for it: it counts only when its
 * author may pour too (GitHub lets only the author and people with write access edit a
 * description).
 */
import { type Permission, type PermissionLevel, permissionAtLeast } from '../../engine/index.js';
import { CONFIG_PATH } from '../../github/config.js';
import { levelOf, permissionTable } from './command-permissions.js';
import type { GitHubContext } from './github-context.js';
import { parseMolVars } from './mol-vars.js';
import { quiet } from './quiet.js';

/** Molecular's own logins and the config's `trusted_labelers`: their labels pour unchecked. */
export function isTrustedLabeler(ctx: GitHubContext, login: string): boolean {
  const wanted = login.toLowerCase();
  return [...(ctx.identity.self ?? []), ...ctx.config.trusted_labelers].some(
    (l) => l.toLowerCase() === wanted,
  );
}

/** What a refused app's maintainers can do about it, after the permission sentence. */
export function labelerRemedy(login: string, required: Permission): string {
  return `A label added by an app pours only when the app is listed under \`trusted_labelers\` in ${CONFIG_PATH} (add \`${login}\` there), or when someone with **${required}** permission adds the label`;
}

export type BodyVars =
  | { kind: 'vars'; vars: Record<string, string> }
  | { kind: 'invalid'; message: string }
  | { kind: 'unvouched'; author: string; required: Permission; level: PermissionLevel };

/**
 * The description's variables when its author may pour (or is a trusted labeller). A block whose
 * author may not is not read further, valid or not; no block costs no look-up.
 */
export async function vouchedBodyVars(
  ctx: GitHubContext,
  body: string | null | undefined,
  author: string | undefined,
): Promise<BodyVars> {
  const parsed = parseMolVars(body);
  if (parsed.ok && Object.keys(parsed.value).length === 0) return { kind: 'vars', vars: parsed.value };
  const required = permissionTable(ctx).pour;
  if (author === undefined) return { kind: 'unvouched', author: 'ghost', required, level: 'none' };
  if (!isTrustedLabeler(ctx, author)) {
    const level = await levelOf(ctx, author);
    if (!permissionAtLeast(level, required)) return { kind: 'unvouched', author, required, level };
  }
  return parsed.ok
    ? { kind: 'vars', vars: parsed.value }
    : { kind: 'invalid', message: parsed.error.message };
}

/** Whose the block is and why it does not count; the caller says what happened instead. */
export function unvouchedReason(refused: Extract<BodyVars, { kind: 'unvouched' }>): string {
  const have = refused.level === 'none' ? 'no access' : refused.level;
  return `the \`mol-vars\` block in the description is by ${quiet(`@${refused.author}`)}, who may not pour (pouring needs **${refused.required}**; they have **${have}**)`;
}
