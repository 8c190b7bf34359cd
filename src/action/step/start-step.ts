/**
 * The first half of a step job (`step-start`, and the start of `step`): lease, base checkout,
 * prompt. A base that cannot be built (a merge conflict between the parents' branches) fails the
 * step through the store, naming the paths, so its retries and the molecule's view say why.
 */

import { ok, type Result } from '../../engine/errors.js';
import { extractMentions, type ResolvedMentions, resolveMentions } from '../../engine/molecule/mentions.js';
import { repoFileReader } from '../../github/context-files.js';
import { resolveCommit } from '../../runner/git.js';
import { defaultBranch } from '../../webhooks/default-branch.js';
import { checkoutStepBase, type StepCheckout } from './checkout-step-base.js';
import { recordStepEvent } from './record-step-event.js';
import { type StepInput, stepInputs } from './step-inputs.js';
import type { StepJob } from './step-job.js';
import { formatStepPrompt } from './step-prompt.js';
import { takeLease } from './take-lease.js';

export type StartOutcome =
  | { kind: 'started'; job: StepJob; checkout: StepCheckout; prompt: string; inputs: StepInput[] }
  | { kind: 'nothing'; job: StepJob; message: string }
  | { kind: 'failed'; job: StepJob; message: string };

export async function startStep(opened: StepJob): Promise<Result<StartOutcome>> {
  const lease = await takeLease(opened);
  if (!lease.ok) return lease;
  if (lease.value.kind === 'nothing') return ok(lease.value);
  const job = lease.value.job;

  const checkout = await checkoutStepBase({
    workspace: job.workspace,
    runnerTemp: job.runnerTemp,
    remote: job.remote,
    molId: job.mol.id,
    stepId: job.def.id,
    baseBranches: baseBranchesOf(job),
    baseRef: await startingPoint(job),
  });
  if (!checkout.ok) {
    const paths = (checkout.error.diagnostics ?? []).map((d) => d.file).filter((f) => f !== undefined);
    for (const file of paths) job.io.error(`${file} was changed on both sides of the merge`, { file });
    const failed = await recordStepEvent(job, {
      type: 'fail',
      step: job.def.id,
      error: checkout.error.message,
      by: job.holder,
    });
    if (!failed.ok) return failed;
    return ok({ kind: 'failed', job: failed.value.job, message: checkout.error.message });
  }

  const inputs = stepInputs(job.proto, job.def);
  const context = await mentionContext(job);
  const prompt = formatStepPrompt({
    mol: job.mol,
    def: job.def,
    branch: checkout.value.branch,
    inputs,
    context,
  });
  return ok({ kind: 'started', job, checkout: checkout.value, prompt, inputs });
}

/** The branches of the steps it needs, in needs order (what the engine's dispatch named too). */
function baseBranchesOf(job: StepJob): string[] {
  const branches: string[] = [];
  for (const need of job.def.needs) {
    const branch = job.mol.steps.find((s) => s.id === need)?.branch;
    if (branch !== undefined) branches.push(branch);
  }
  return branches;
}

/** `@mentions` through the config's context map, read from the default branch (one call per file). */
async function mentionContext(job: StepJob): Promise<ResolvedMentions> {
  const text = [job.def.description, job.def.acceptance ?? ''].join('\n');
  if (extractMentions(text).length === 0) return { items: [], unknown: [], missing: [] };
  const { ctx } = job;
  return resolveMentions(
    text,
    ctx.config.context,
    repoFileReader(ctx.octokit, ctx.repo, await defaultBranch(ctx)),
  );
}

/**
 * Where a step that needs nothing starts: the commit the molecule was poured on when known, else
 * its base branch as the remote has it (the checkout may be on another branch).
 */
async function startingPoint(job: StepJob): Promise<string> {
  const { base } = job.mol;
  if (base.sha !== undefined) return base.sha;
  const tracking = `refs/remotes/${job.remote}/${base.ref}`;
  return (await resolveCommit(job.workspace, tracking)) === undefined ? base.ref : tracking;
}
