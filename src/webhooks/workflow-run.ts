/**
 * `workflow_run.completed` of the step workflow: a step job that ended — failed, cancelled, or
 * even succeeded — without reporting leaves its step in progress under the run's lease. Failing
 * it here puts it on the failure path (retries apply) instead of waiting for patrol's timeout.
 *
 * The run is matched to its step through the lease's run id. The step workflow names its runs
 * `molecular <mol-id> / <step>` (`run-name:`), which says where to look; a run named otherwise is
 * looked for among the live molecules (one search).
 */

import { err, LIVE_STATUS_LIST, type Molecule, ok } from '../engine/index.js';
import type { GitHubContext } from '../shell/github/github-context.js';
import { openStore } from '../shell/github/molecule-store.js';
import { applyToMolecule } from '../shell/github/step-event.js';
import { tellProblems } from '../shell/github/tell-problems.js';
import { applied, type HandlerResult, ignored } from './handler-result.js';
import { WorkflowRunPayload } from './payloads.js';

/** The `run-name` the step workflow gives its runs (a GitHub expression, not a JS template); `parseStepRunName` reads it back. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the text is a workflow expression
export const STEP_RUN_NAME = 'molecular ${{ inputs.molecule }} / ${{ inputs.step }}';
const RUN_NAME = /^molecular (\S+) \/ (\S+)$/;

export function parseStepRunName(title: string | undefined): { molId: string; step: string } | undefined {
  const match = RUN_NAME.exec(title?.trim() ?? '');
  return match ? { molId: match[1] as string, step: match[2] as string } : undefined;
}

export async function handleWorkflowRun(ctx: GitHubContext): Promise<HandlerResult> {
  const parsed = WorkflowRunPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored('not a workflow run');
  const run = parsed.data.workflow_run;
  if (parsed.data.action !== 'completed') return ignored(`workflow run ${parsed.data.action}`);
  const path = run.path?.replace(/@.*$/, '') ?? '';
  if (!path.endsWith(`/${ctx.config.step_workflow}`) && path !== ctx.config.step_workflow) {
    return ignored(`${path || 'the workflow'} is not the step workflow`);
  }
  const runId = String(run.id);
  const store = openStore(ctx);
  const named = parseStepRunName(run.display_title);
  const held = named ? [named] : await heldBy(store, runId);
  if (held.length === 0) return ignored(`no step is held by run ${runId}`);
  const results: string[] = [];
  let anyApplied = false;
  for (const { molId, step } of held) {
    const done = await applyToMolecule(ctx, store, molId, (mol: Molecule) => {
      const state = mol.steps.find((s) => s.id === step);
      if (state?.status !== 'in_progress' || state.lease?.runId !== runId) {
        return err('reported', `step "${step}" is not held by run ${runId} any more`);
      }
      return ok({
        type: 'fail' as const,
        step,
        by: `run ${runId}`,
        error: `the step job (run ${runId}) ended ${run.conclusion ?? 'without a conclusion'} without reporting`,
      });
    });
    if (!done.ok) {
      results.push(`${molId}/${step}: ${done.error.message}`);
      continue;
    }
    anyApplied = true;
    results.push(`${molId}/${step} failed`);
    if (done.value.outcome) await tellProblems(ctx, done.value.outcome.mol, done.value.outcome.problems);
  }
  return anyApplied ? applied(results.join('; ')) : ignored(results.join('; '));
}

/** Steps whose lease names the run, among the live molecules (a search, then each issue's comments). */
async function heldBy(
  store: ReturnType<typeof openStore>,
  runId: string,
): Promise<Array<{ molId: string; step: string }>> {
  const live = await store.list({ status: [...LIVE_STATUS_LIST] });
  if (!live.ok) return [];
  return live.value.flatMap((mol) =>
    mol.steps.filter((s) => s.lease?.runId === runId).map((s) => ({ molId: mol.id, step: s.id })),
  );
}
