/**
 * Chaining distributed steps: a push made with GITHUB_TOKEN starts no workflow, so
 * each ready step is started by an explicit `workflow_dispatch` of the step workflow. One call.
 */
import { err, ok, type Result } from '../engine/index.js';
import { type GitHubClient, httpMessage, httpStatus, type RepoRef } from './client.js';

export const DEFAULT_STEP_WORKFLOW = 'molecular-step.yml';

export interface StepDispatch {
  /** The workflow file name (or id) under `.github/workflows`. */
  workflow?: string;
  /** The branch or tag whose workflow file runs: the default branch, so a PR cannot change it. */
  ref: string;
  inputs: { molecule: string; step: string; base: string } & Record<string, string>;
}

export async function dispatchStep(
  octokit: GitHubClient,
  repo: RepoRef,
  dispatch: StepDispatch,
): Promise<Result<void>> {
  const workflow = dispatch.workflow ?? DEFAULT_STEP_WORKFLOW;
  // workflow_dispatch inputs arrive as strings whatever the caller held; refuse anything else early.
  for (const [key, value] of Object.entries(dispatch.inputs)) {
    if (typeof value !== 'string') return err('dispatch-invalid', `workflow input "${key}" must be a string`);
  }
  try {
    await octokit.request('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
      ...repo,
      workflow_id: workflow,
      ref: dispatch.ref,
      inputs: dispatch.inputs,
    });
    return ok(undefined);
  } catch (error) {
    const status = httpStatus(error);
    if (status === 404) {
      return err(
        'workflow-missing',
        `the step workflow .github/workflows/${workflow} was not found on ${dispatch.ref}; add it or set step_workflow in .github/molecular.yml`,
      );
    }
    if (status === 422) {
      return err(
        'dispatch-refused',
        `GitHub refused to start ${workflow} on ${dispatch.ref}: ${httpMessage(error)}`,
      );
    }
    throw error;
  }
}
