/**
 * The start half of one step: the lease, the checkout built from the step's base, and the prompt
 * (title, instructions, inputs, `@mention` context). A base that cannot be built (a merge conflict
 * between the parents' branches) fails the step through the store, naming the paths, so its
 * retries and the molecule's view say why. Between this half and the finish half runs the step's
 * command, or a person's or an agent's work.
 */
import {
  extractMentions,
  type MolError,
  ok,
  type ResolvedMentions,
  type Result,
} from '../../engine/index.js';
import { recordStepEvent } from './record-step-event.js';
import { prepareCheckout, type StepCheckout } from './step-checkout.js';
import type { Recorded } from './step-host.js';
import { type StepInput, stepInputs } from './step-inputs.js';
import type { StepJob } from './step-job.js';
import { eventFor, type StepOutcome } from './step-outcome.js';
import { formatStepPrompt } from './step-prompt.js';
import { takeLease } from './take-lease.js';

export type StartOutcome =
  | { kind: 'started'; job: StepJob; checkout: StepCheckout; prompt: string; inputs: StepInput[] }
  /** Nothing for this job to do: the step is done, not ready, or another run holds it. */
  | { kind: 'nothing'; job: StepJob; message: string }
  /** The checkout could not be built; the failure is recorded. */
  | { kind: 'failed'; job: StepJob; error: MolError; outcome: StepOutcome; recorded: Recorded };

export interface StartOptions {
  /** Called once the lease is this job's, before the checkout is built (the CLI prints and starts its clock). */
  leased?: (job: StepJob) => void;
}

export async function startStep(opened: StepJob, options: StartOptions = {}): Promise<Result<StartOutcome>> {
  const lease = await takeLease(opened);
  if (!lease.ok) return lease;
  if (lease.value.kind === 'nothing') return ok(lease.value);
  const job = lease.value.job;
  options.leased?.(job);

  const checkout = await prepareCheckout(job);
  if (!checkout.ok) {
    const outcome: StepOutcome = { status: 'failed', gates: [], error: checkout.error };
    const failed = await recordStepEvent(job, eventFor(job.def.id, outcome, job.host.holder));
    if (!failed.ok) return failed;
    return ok({
      kind: 'failed',
      job: failed.value.job,
      error: checkout.error,
      outcome,
      recorded: failed.value,
    });
  }

  const inputs = stepInputs(job.proto, job.def);
  const prompt = await stepPrompt(job, checkout.value.branch ?? checkout.value.baseCommit);
  return ok({ kind: 'started', job, checkout: checkout.value, prompt, inputs });
}

/** The step's prompt as its agent gets it (`mol prompt` prints the same). */
export async function stepPrompt(
  job: Pick<StepJob, 'mol' | 'proto' | 'def'> & { host: Pick<StepJob['host'], 'mentions'> },
  branch: string,
): Promise<string> {
  return formatStepPrompt({
    mol: job.mol,
    def: job.def,
    branch,
    inputs: stepInputs(job.proto, job.def),
    context: await mentionContext(job),
  });
}

const NO_MENTIONS: ResolvedMentions = { items: [], unknown: [], missing: [] };

/** `@mentions` of the step's text through the face's context files (read only when there are some). */
async function mentionContext(
  job: Pick<StepJob, 'def'> & { host: Pick<StepJob['host'], 'mentions'> },
): Promise<ResolvedMentions> {
  const text = [job.def.description, job.def.acceptance ?? ''].join('\n');
  const resolve = job.host.mentions;
  if (resolve === undefined || extractMentions(text).length === 0) return NO_MENTIONS;
  return resolve(text);
}
