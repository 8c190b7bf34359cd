/**
 * The dashboard issue's calls: find it (open, labelled `molecular:dashboard`, opened by one of
 * Molecular's own identities), open it, rewrite its body. Found through the repository's issue
 * list, which is consistent at once, not through search, which lags: a search that missed the
 * issue just opened would open a second one.
 */
import type { GitHubClient, RepoRef } from './client.js';
import type { LabelSpec } from './labels.js';

export const DASHBOARD_LABEL: LabelSpec = {
  name: 'molecular:dashboard',
  color: '8250df',
  description: 'The Molecular dashboard: every molecule of this repository at a glance',
};

export interface DashboardIssue {
  number: number;
  body: string;
}

export const DASHBOARD_QUERY = `query MolecularDashboard($owner: String!, $name: String!, $labels: [String!]) {
  repository(owner: $owner, name: $name) {
    issues(first: 20, labels: $labels, states: OPEN, orderBy: { field: CREATED_AT, direction: ASC }) {
      nodes { number body author { login } }
    }
  }
}`;

interface DashboardPage {
  repository: {
    issues: { nodes: Array<{ number: number; body: string; author: { login: string } | null }> };
  };
}

/** The oldest open dashboard issue one of `writers` opened; GraphQL names a bot without `[bot]`. */
export async function findDashboardIssue(
  octokit: GitHubClient,
  repo: RepoRef,
  writers: readonly string[],
): Promise<DashboardIssue | undefined> {
  const data = await octokit.graphql<DashboardPage>(DASHBOARD_QUERY, {
    owner: repo.owner,
    name: repo.repo,
    labels: [DASHBOARD_LABEL.name],
  });
  const ours = new Set(writers.map((w) => w.toLowerCase().replace(/\[bot\]$/, '')));
  const found = data.repository.issues.nodes.find(
    (n) => n.author !== null && ours.has(n.author.login.toLowerCase().replace(/\[bot\]$/, '')),
  );
  return found ? { number: found.number, body: found.body } : undefined;
}

export async function openDashboardIssue(
  octokit: GitHubClient,
  repo: RepoRef,
  title: string,
  body: string,
): Promise<DashboardIssue> {
  const { data } = await octokit.request('POST /repos/{owner}/{repo}/issues', {
    ...repo,
    title,
    body,
    labels: [DASHBOARD_LABEL.name],
  });
  return { number: (data as { number: number }).number, body };
}

export async function writeDashboardBody(
  octokit: GitHubClient,
  repo: RepoRef,
  issue: number,
  body: string,
): Promise<void> {
  await octokit.request('PATCH /repos/{owner}/{repo}/issues/{issue_number}', {
    ...repo,
    issue_number: issue,
    body,
  });
}
