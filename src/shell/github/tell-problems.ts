import { codeSpan, type Molecule } from '../../engine/index.js';
import { reply } from '../../github/reply.js';
import type { GitHubContext } from './github-context.js';
import { quiet } from './quiet.js';

/** Effects that failed after an event nobody typed (a report, a finished run): said on the molecule's issue. */
export async function tellProblems(
  ctx: GitHubContext,
  mol: Molecule,
  problems: readonly string[],
): Promise<void> {
  const issue = mol.subject.issue ?? mol.subject.pr;
  for (const problem of problems) ctx.log.warn(`${mol.id}: ${problem}`);
  if (issue === undefined || problems.length === 0) return;
  await reply(
    ctx.octokit,
    ctx.repo,
    issue,
    `Molecule ${codeSpan(mol.id)} needs attention:\n${problems.map((p) => `- ⚠️ ${quiet(p)}`).join('\n')}`,
  );
}
