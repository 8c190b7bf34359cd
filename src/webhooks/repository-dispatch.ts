/**
 * `repository_dispatch` of type `molecular-step-report`: a step job's report (step-report.ts),
 * applied to its molecule. Anyone with write access can dispatch, so a report is believed only
 * when it is authenticated, each check before any work is spent on what it says: its sender is a
 * trusted identity (`step_report_senders`, by default the trusted writers: the App's bot and
 * github-actions[bot]); with a state key, its signature is good (step-report-signature.ts); while
 * the step is leased, it names the holding run (the engine's lease rules). Approval results in a
 * report are dropped: only a person with the gate's permission approves. Applying a report twice
 * records it once (the engine's completions are idempotent and a failed step cannot fail again).
 */
import { repoSlug } from '../github/client.js';
import type { GitHubContext } from '../shell/github/github-context.js';
import { openStore } from '../shell/github/molecule-store.js';
import { applyToMolecule } from '../shell/github/step-event.js';
import { tellProblems } from '../shell/github/tell-problems.js';
import { applied, type HandlerResult, ignored, refused } from './handler-result.js';
import { RepositoryDispatchPayload } from './payloads.js';
import { reportEvent, STEP_REPORT_EVENT, StepReportSchema, withoutApprovals } from './step-report.js';
import { verifyStepReport } from './step-report-signature.js';

export async function handleRepositoryDispatch(ctx: GitHubContext): Promise<HandlerResult> {
  const parsed = RepositoryDispatchPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored('not a repository dispatch');
  if (parsed.data.action !== STEP_REPORT_EVENT)
    return ignored(`dispatch "${parsed.data.action}" is not a step report`);
  const sender = parsed.data.sender.login;
  const senders = ctx.config.step_report_senders ?? ctx.identity.trusted;
  if (!senders.some((login) => login.toLowerCase() === sender.toLowerCase())) {
    return refuse(
      ctx,
      `step report refused: sent by @${sender}, who may not send step reports here (allowed: ${senders.join(', ')}; a team whose step jobs report with another token lists its login in step_report_senders in .github/molecular.yml)`,
    );
  }
  if (ctx.stateKey !== undefined) {
    const signed = verifyStepReport(repoSlug(ctx.repo), parsed.data.client_payload, ctx.stateKey);
    if (!signed.ok) return refuse(ctx, `step report from @${sender} refused: ${signed.error.message}`);
  }
  const report = StepReportSchema.safeParse(parsed.data.client_payload);
  if (!report.success) {
    const issue = report.error.issues[0];
    return refuse(
      ctx,
      `the step report is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
  }
  const { report: kept, dropped } = withoutApprovals(report.data);
  if (dropped.length > 0) {
    ctx.log.warn(
      `step report ${kept.molecule}/${kept.step}: its approval result was ignored; an approval gate is passed only by /mol approve from someone with the gate's permission`,
    );
  }
  const done = await applyToMolecule(ctx, openStore(ctx), kept.molecule, (mol) => reportEvent(kept, mol));
  if (!done.ok) return refuse(ctx, `step report ${kept.molecule}/${kept.step}: ${done.error.message}`);
  const { change, outcome } = done.value;
  if (outcome) await tellProblems(ctx, outcome.mol, outcome.problems);
  const next = outcome?.dispatched.length ? `; started ${outcome.dispatched.join(', ')}` : '';
  return applied(`${kept.event} ${kept.molecule}/${kept.step}${change.changed ? '' : ' (no change)'}${next}`);
}

/** One log line naming why; the molecule is left as it was. */
function refuse(ctx: GitHubContext, detail: string): HandlerResult {
  ctx.log.warn(detail);
  return refused(detail);
}
