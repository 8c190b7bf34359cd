/**
 * `repository_dispatch` of type `molecular-step-report`: a step job's report (step-report.ts),
 * applied to its molecule. Only a token with write access can send one, the same level the
 * equivalent `/mol done` needs. Applying a report twice records it once (the engine's
 * completions are idempotent and a failed step cannot fail again).
 */
import { applied, type HandlerContext, type HandlerResult, ignored, refused } from './handler-context.js';
import { openStore } from './molecule-store.js';
import { RepositoryDispatchPayload } from './payloads.js';
import { applyToMolecule } from './step-event.js';
import { reportEvent, STEP_REPORT_EVENT, StepReportSchema } from './step-report.js';
import { tellProblems } from './tell-problems.js';

export async function handleRepositoryDispatch(ctx: HandlerContext): Promise<HandlerResult> {
  const parsed = RepositoryDispatchPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored('not a repository dispatch');
  if (parsed.data.action !== STEP_REPORT_EVENT)
    return ignored(`dispatch "${parsed.data.action}" is not a step report`);
  const report = StepReportSchema.safeParse(parsed.data.client_payload);
  if (!report.success) {
    const issue = report.error.issues[0];
    const detail = `the step report is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`;
    ctx.log.warn(detail);
    return refused(detail);
  }
  const done = await applyToMolecule(ctx, openStore(ctx), report.data.molecule, (mol) =>
    reportEvent(report.data, mol),
  );
  if (!done.ok) {
    ctx.log.warn(`step report ${report.data.molecule}/${report.data.step}: ${done.error.message}`);
    return refused(done.error.message);
  }
  const { change, outcome } = done.value;
  if (outcome) await tellProblems(ctx, outcome.mol, outcome.problems);
  const next = outcome?.dispatched.length ? `; started ${outcome.dispatched.join(', ')}` : '';
  return applied(
    `${report.data.event} ${report.data.molecule}/${report.data.step}${change.changed ? '' : ' (no change)'}${next}`,
  );
}
