/**
 * Steps as sub-issues (`step_issues: true`, the seed's createStepIssues): at pour each step gets
 * an issue under the molecule's issue; it is closed when the step completes (or is skipped). A
 * hidden marker in the body ties the sub-issue to its step, so nothing extra is kept in state.
 */

import { inlineText, type Molecule, type Proto } from '../../engine/index.js';
import { addSubIssue, closeIssue, createIssue, listSubIssues } from '../../github/issues.js';
import { fitComment } from '../../github/reply.js';
import type { GitHubContext } from './github-context.js';

const marker = (molId: string, step: string) => `<!-- molecular:step ${molId}/${step} -->`;

/** Creates one sub-issue per step. Calls: 2 per step (create, link). */
export async function createStepIssues(ctx: GitHubContext, mol: Molecule, proto: Proto): Promise<void> {
  const parent = mol.subject.issue;
  if (parent === undefined) return;
  for (const step of proto.steps) {
    const created = await createIssue(ctx.octokit, ctx.repo, {
      title: `${inlineText(step.title, 200)} (${mol.id})`,
      body: fitComment(
        [
          `Step \`${step.id}\` of molecule \`${mol.id}\` (formula \`${mol.formula.name}\`) on #${parent}.`,
          '',
          step.description,
          ...(step.acceptance ? ['', `**Acceptance:** ${step.acceptance}`] : []),
          '',
          marker(mol.id, step.id),
        ].join('\n'),
      ),
    });
    await addSubIssue(ctx.octokit, ctx.repo, parent, created.id);
  }
}

/** Closes the step's sub-issue, if it has one. Calls: 1 to find it, 1 to close it. */
export async function closeStepIssue(
  ctx: GitHubContext,
  mol: Molecule,
  step: string,
  reason: 'completed' | 'not_planned',
): Promise<boolean> {
  const parent = mol.subject.issue;
  if (parent === undefined) return false;
  const children = await listSubIssues(ctx.octokit, ctx.repo, parent);
  // The marker is read where it was written, the body's last line: a description holding words
  // of a var's could carry another step's marker higher up.
  const child = children.find((issue) => issue.body?.trimEnd().endsWith(marker(mol.id, step)));
  if (!child || child.state === 'closed') return false;
  await closeIssue(ctx.octokit, ctx.repo, child.number, reason);
  return true;
}
