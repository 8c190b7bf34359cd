/**
 * State labels (`molecule:active|complete|failed`) let people filter issues by molecule state;
 * `list()` finds molecules through them. Formula labels (`formula:<name>`) are the users' own.
 */
import { STATUS_LABELS } from '../engine/index.js';
import { type GitHubClient, httpStatus, type RepoRef } from './client.js';

export interface LabelSpec {
  name: string;
  color: string;
  description: string;
}

export const STATE_LABELS = {
  active: {
    name: STATUS_LABELS.active,
    color: '1f6feb',
    description: 'A Molecular workflow is running here',
  },
  complete: {
    name: STATUS_LABELS.complete,
    color: '2da44e',
    description: 'The Molecular workflow completed',
  },
  failed: { name: STATUS_LABELS.failed, color: 'cf222e', description: 'The Molecular workflow failed' },
} as const satisfies Record<string, LabelSpec>;

export const STATE_LABEL_LIST: LabelSpec[] = Object.values(STATE_LABELS);

/**
 * Adds then removes labels on an issue or pull request: 1 call for the additions plus 1 per
 * removal. Removing a label the issue does not carry (404) is what was wanted.
 */
export async function setStateLabels(
  octokit: GitHubClient,
  repo: RepoRef,
  issue: number,
  add: string[],
  remove: string[],
): Promise<void> {
  if (add.length > 0) {
    await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
      ...repo,
      issue_number: issue,
      labels: add,
    });
  }
  await removeLabels(
    octokit,
    repo,
    issue,
    remove.filter((n) => !add.includes(n)),
  );
}

/** One call per label; a label the issue does not carry (404) is already gone. */
export async function removeLabels(
  octokit: GitHubClient,
  repo: RepoRef,
  issue: number,
  names: readonly string[],
): Promise<void> {
  for (const name of names) {
    try {
      await octokit.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}', {
        ...repo,
        issue_number: issue,
        name,
      });
    } catch (error) {
      if (httpStatus(error) !== 404) throw error;
    }
  }
}

/**
 * Creates the labels the repository lacks (on installation). One call per label: a 422 means it
 * already exists, which is cheaper to learn than listing every label first. Returns those created.
 */
export async function ensureLabels(
  octokit: GitHubClient,
  repo: RepoRef,
  labels: LabelSpec[] = STATE_LABEL_LIST,
): Promise<string[]> {
  const created: string[] = [];
  for (const label of labels) {
    try {
      await octokit.request('POST /repos/{owner}/{repo}/labels', { ...repo, ...label });
      created.push(label.name);
    } catch (error) {
      if (httpStatus(error) !== 422) throw error;
    }
  }
  return created;
}
