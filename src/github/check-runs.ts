/**
 * Check runs: one per gated step on the commit the step produced, named
 * `molecular / <formula> / <step>`, its summary listing each gate; one per molecule on a PR head
 * for overall progress. `external_id` carries `<mol-id>/<step-id>` so a `requested_action`
 * webhook (Retry, Skip) knows what it is about: the action identifiers themselves are too short.
 */

import {
  describeUsage,
  err,
  type GateResult,
  isEmptyUsage,
  type Molecule,
  ok,
  type Result,
  type StepStatus,
  type Usage,
} from '../engine/index.js';
import type { GitHubClient, RepoRef } from './client.js';
import { NO_RETRIES, postOnce } from './post-once.js';

export type CheckStatus = 'queued' | 'in_progress' | 'completed';
export type CheckConclusion =
  | 'success'
  | 'failure'
  | 'neutral'
  | 'cancelled'
  | 'skipped'
  | 'timed_out'
  | 'action_required';

export interface CheckRunAction {
  label: string;
  identifier: string;
  description: string;
}

/** GitHub's limits on requested actions; a longer one is refused with 422. */
export const ACTION_LIMITS = { count: 3, label: 20, identifier: 20, description: 40 } as const;
/** GitHub counts a check run summary in UTF-8 bytes, not characters: 65,535 of them. */
export const MAX_SUMMARY_BYTES = 65_535;

export const RETRY_ACTION: CheckRunAction = {
  label: 'Retry',
  identifier: 'retry',
  description: 'Run this step again',
};
export const SKIP_ACTION: CheckRunAction = {
  label: 'Skip',
  identifier: 'skip',
  description: 'Skip this step and go on',
};

export interface CheckRunInput {
  name: string;
  headSha: string;
  status: CheckStatus;
  /** Required when status is `completed`. */
  conclusion?: CheckConclusion;
  title: string;
  summary: string;
  externalId?: string;
  detailsUrl?: string;
  actions?: CheckRunAction[];
  /** The id of the run to update, when known: saves the look-up call. */
  checkRunId?: number;
  /**
   * A new run beside the finished one (a step retried or sent back): GitHub keeps a completed
   * run's conclusion through later updates, so a run that starts again is a run of its own.
   */
  fresh?: boolean;
}

export interface UpsertedCheckRun {
  id: number;
  created: boolean;
}

export function checkRunName(formula: string, step?: string): string {
  return step === undefined ? `molecular / ${formula}` : `molecular / ${formula} / ${step}`;
}

export function checkRunExternalId(molId: string, step?: string): string {
  return step === undefined ? molId : `${molId}/${step}`;
}

export function parseCheckRunExternalId(externalId: string): { molId: string; step?: string } {
  const slash = externalId.indexOf('/');
  return slash < 0
    ? { molId: externalId }
    : { molId: externalId.slice(0, slash), step: externalId.slice(slash + 1) };
}

export function validateActions(actions: CheckRunAction[]): Result<CheckRunAction[]> {
  if (actions.length > ACTION_LIMITS.count) {
    return err(
      'check-run-invalid',
      `a check run takes at most ${ACTION_LIMITS.count} actions, not ${actions.length}`,
    );
  }
  for (const action of actions) {
    for (const key of ['label', 'identifier', 'description'] as const) {
      if (action[key].length > ACTION_LIMITS[key]) {
        return err(
          'check-run-invalid',
          `check run action ${key} "${action[key]}" is ${action[key].length} characters; GitHub allows ${ACTION_LIMITS[key]}`,
        );
      }
    }
  }
  return ok(actions);
}

/**
 * Creates the check run, or updates the latest one of that name on that commit. Calls: 1 with a
 * known `checkRunId`, otherwise 2 (look-up, then create or update).
 */
export async function upsertCheckRun(
  octokit: GitHubClient,
  repo: RepoRef,
  input: CheckRunInput,
): Promise<Result<UpsertedCheckRun>> {
  if (input.status === 'completed' && !input.conclusion) {
    return err('check-run-invalid', `check run "${input.name}" is completed but has no conclusion`);
  }
  const actions = validateActions(input.actions ?? []);
  if (!actions.ok) return actions;
  const fields = {
    status: input.status,
    ...(input.status === 'completed' ? { conclusion: input.conclusion } : {}),
    ...(input.externalId ? { external_id: input.externalId } : {}),
    ...(input.detailsUrl ? { details_url: input.detailsUrl } : {}),
    output: { title: input.title, summary: fitSummary(input.summary) },
    actions: actions.value,
  };
  const existing = input.fresh
    ? undefined
    : (input.checkRunId ?? (await findCheckRun(octokit, repo, input.headSha, input.name)));
  if (existing !== undefined) {
    await octokit.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
      ...repo,
      check_run_id: existing,
      ...fields,
    });
    return ok({ id: existing, created: false });
  }
  // Sent once: a check run created twice cannot be deleted, only left beside the other.
  const id = await postOnce(
    async () => {
      const { data } = await octokit.request('POST /repos/{owner}/{repo}/check-runs', {
        ...repo,
        name: input.name,
        head_sha: input.headSha,
        ...fields,
        request: NO_RETRIES,
      });
      return Number(data.id);
    },
    () => findCheckRun(octokit, repo, input.headSha, input.name),
  );
  return ok({ id, created: true });
}

async function findCheckRun(
  octokit: GitHubClient,
  repo: RepoRef,
  sha: string,
  name: string,
): Promise<number | undefined> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
    ...repo,
    ref: sha,
    check_name: name,
    filter: 'latest',
    per_page: 1,
  });
  const id = data.check_runs[0]?.id;
  return id === undefined ? undefined : Number(id);
}

/** The summary, cut on a character boundary so that it fits GitHub's byte limit with its ` …`. */
export function fitSummary(summary: string): string {
  if (Buffer.byteLength(summary, 'utf8') <= MAX_SUMMARY_BYTES) return summary;
  const suffix = ' …';
  const room = MAX_SUMMARY_BYTES - Buffer.byteLength(suffix, 'utf8');
  let bytes = 0;
  let end = 0;
  for (const char of summary) {
    bytes += Buffer.byteLength(char, 'utf8');
    if (bytes > room) break;
    end += char.length;
  }
  return summary.slice(0, end) + suffix;
}

/** Where a step status lands on GitHub's check run model. */
export function checkStateOf(status: StepStatus): { status: CheckStatus; conclusion?: CheckConclusion } {
  switch (status) {
    case 'pending':
    case 'ready':
      return { status: 'queued' };
    case 'in_progress':
    case 'awaiting_gate':
      return { status: 'in_progress' };
    case 'completed':
      return { status: 'completed', conclusion: 'success' };
    case 'failed':
      return { status: 'completed', conclusion: 'failure' };
    case 'skipped':
      return { status: 'completed', conclusion: 'skipped' };
    case 'blocked':
      // An upstream step failed for good: this one will not run.
      return { status: 'completed', conclusion: 'cancelled' };
  }
}

/** `skipped`: the step was skipped, so a gate without a verdict is not waiting for anything. */
export function gateLine(gate: GateResult, skipped = false): string {
  if (gate.passed === null && skipped) return `- ⏭️ **${gate.type}** not judged: the step was skipped`;
  const mark = gate.passed === null ? '⏳' : gate.passed ? '✅' : '❌';
  const verdict = gate.passed === null ? 'waiting' : gate.passed ? 'passed' : 'failed';
  return `- ${mark} **${gate.type}** ${verdict}${gate.detail ? `: ${gate.detail}` : ''}`;
}

export interface StepCheckInput {
  formula: string;
  molId: string;
  step: string;
  status: StepStatus;
  gates: GateResult[];
  headSha: string;
  detailsUrl?: string;
  checkRunId?: number;
  fresh?: boolean;
  /** What the step's agent used, every attempt added up. */
  usage?: Usage;
  /** The pull request the molecule's work is delivered in (`[pull_request]`). */
  pull?: { number: number; url?: string };
}

/** `Delivered in [#12](url).`: the line a check run links the molecule's pull request with. */
export function pullLine(pull: { number: number; url?: string } | undefined): string[] {
  if (pull === undefined) return [];
  return ['', `Delivered in ${pull.url ? `[#${pull.number}](${pull.url})` : `#${pull.number}`}.`];
}

/** The check run of one gated step: each gate with pass/fail and detail, Retry and Skip buttons. */
export function stepCheckRun(input: StepCheckInput): CheckRunInput {
  const state = checkStateOf(input.status);
  const failed = input.gates.filter((g) => g.passed === false).length;
  const passed = input.gates.filter((g) => g.passed === true).length;
  const title =
    input.gates.length === 0
      ? `${input.step}: ${input.status}`
      : `${input.step}: ${passed}/${input.gates.length} gates passed${failed ? `, ${failed} failed` : ''}`;
  const actions: CheckRunAction[] = [];
  if (input.status === 'failed') actions.push(RETRY_ACTION);
  if (state.status !== 'completed' || input.status === 'failed') actions.push(SKIP_ACTION);
  const skipped = input.status === 'skipped';
  const lines = input.gates.length
    ? input.gates.map((g) => gateLine(g, skipped))
    : ['This step has no gates.'];
  return {
    name: checkRunName(input.formula, input.step),
    headSha: input.headSha,
    ...state,
    title,
    summary: [
      `Step \`${input.step}\` of molecule \`${input.molId}\` is **${input.status}**.`,
      '',
      ...lines,
      ...(isEmptyUsage(input.usage) ? [] : ['', `Agent usage: ${describeUsage(input.usage)}.`]),
      ...pullLine(input.pull),
    ].join('\n'),
    externalId: checkRunExternalId(input.molId, input.step),
    actions,
    ...(input.detailsUrl ? { detailsUrl: input.detailsUrl } : {}),
    ...(input.checkRunId !== undefined ? { checkRunId: input.checkRunId } : {}),
    ...(input.fresh ? { fresh: true } : {}),
  };
}

/** The molecule's own check on a PR head: overall progress and each step's status. */
export function moleculeCheckRun(mol: Molecule, headSha: string, checkRunId?: number): CheckRunInput {
  const done = mol.steps.filter((s) => s.status === 'completed' || s.status === 'skipped').length;
  const total = mol.steps.length;
  const state: { status: CheckStatus; conclusion?: CheckConclusion } =
    mol.status === 'complete'
      ? { status: 'completed', conclusion: 'success' }
      : mol.status === 'failed'
        ? { status: 'completed', conclusion: 'failure' }
        : mol.status === 'squashed' || mol.status === 'burned'
          ? { status: 'completed', conclusion: 'neutral' }
          : mol.status === 'pending'
            ? { status: 'queued' }
            : { status: 'in_progress' };
  const rows = mol.steps.map((s) => `| \`${s.id}\` | ${s.status} | ${s.attempts} |`);
  return {
    name: checkRunName(mol.formula.name),
    headSha,
    ...state,
    title: `${done}/${total} steps done (${mol.status})`,
    summary: [
      `**${mol.title}** — molecule \`${mol.id}\``,
      '',
      '| step | status | attempts |',
      '|---|---|---|',
      ...rows,
      ...pullLine(
        mol.delivery?.pr === undefined ? undefined : { number: mol.delivery.pr, url: mol.delivery.url },
      ),
    ].join('\n'),
    externalId: checkRunExternalId(mol.id),
    actions: [],
    ...(checkRunId !== undefined ? { checkRunId } : {}),
  };
}

/** The newest check run of each name on `ref` (first 100), as the checks API lists them. One call. */
export async function latestCheckRuns(
  octokit: GitHubClient,
  repo: RepoRef,
  ref: string,
): Promise<Array<{ name: string; status: string; conclusion: string | null }>> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
    ...repo,
    ref,
    filter: 'latest',
    per_page: 100,
  });
  return data.check_runs;
}
