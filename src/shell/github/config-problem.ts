/**
 * A `.github/molecular.yml` that does not validate stops Molecular in that repository until it
 * is fixed (guessing at a permission table is worse than doing nothing). People who asked for
 * something — a `/mol` command, a formula label — are told why nothing happens.
 */
import { codeSpan, formatDiagnostic, type MolError } from '../../engine/index.js';
import type { RepoRef } from '../../github/client.js';
import { DEFAULT_CONFIG } from '../../github/config.js';
import { reply } from '../../github/reply.js';
import type { BaseContext } from './github-context.js';

export async function reportConfigProblem(
  ctx: BaseContext,
  repo: RepoRef,
  event: string,
  error: MolError,
): Promise<boolean> {
  ctx.log.warn(`${repo.owner}/${repo.repo}: ${formatDiagnostic(error)}`);
  const asked = askedMolecular(event, ctx.payload);
  if (asked === undefined) return false;
  await reply(
    ctx.octokit,
    repo,
    asked,
    `Molecular cannot act here until \`.github/molecular.yml\` is fixed:\n\n${codeSpan(formatDiagnostic(error))}`,
  );
  return true;
}

/** The issue someone spoke to Molecular on, if the event is a `/mol` comment or a formula label. */
function askedMolecular(event: string, payload: unknown): number | undefined {
  const p = payload as {
    action?: string;
    comment?: { body?: string; user?: { type?: string } };
    label?: { name?: string };
    issue?: { number?: number };
    pull_request?: { number?: number };
  };
  const number = p.issue?.number ?? p.pull_request?.number;
  if (number === undefined) return undefined;
  if (event === 'issue_comment' && p.action === 'created' && p.comment?.user?.type !== 'Bot') {
    return /^\s*\/mol(\s|$)/im.test(p.comment?.body ?? '') ? number : undefined;
  }
  if (p.action === 'labeled')
    return p.label?.name?.startsWith(DEFAULT_CONFIG.label_prefix) ? number : undefined;
  return undefined;
}
