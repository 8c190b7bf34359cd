import type { WorkflowRunRecord } from '../state.js';
import { type Links, nodeId, repoApi, repoWeb } from './links.js';
import { repositoryShape } from './repository.js';

/** GitHub's `workflow-run`: the test's fields over defaults for everything else GitHub sends. */
export function workflowRunShape(links: Links, run: WorkflowRunRecord): Record<string, unknown> {
  const { state } = links;
  const url = `${repoApi(links)}/actions/runs/${run.id}`;
  const headSha = run.head_sha ?? state.branchSha(state.defaultBranch) ?? '0'.repeat(40);
  const workflowId = run.workflow_id ?? 1;
  const at = run.created_at ?? '2024-01-01T00:00:00Z';
  const repository = repositoryShape(links);
  return {
    id: run.id,
    node_id: nodeId('WorkflowRun', run.id),
    name: run.name ?? 'molecular',
    head_branch: run.head_branch ?? state.defaultBranch,
    head_sha: headSha,
    path: run.path ?? '.github/workflows/molecular.yml',
    display_title: run.display_title ?? run.name ?? 'molecular',
    run_number: run.run_number ?? run.id,
    run_attempt: run.run_attempt ?? 1,
    event: run.event ?? 'workflow_dispatch',
    status: run.status ?? 'queued',
    conclusion: run.conclusion ?? null,
    workflow_id: workflowId,
    url,
    html_url: `${repoWeb(links)}/actions/runs/${run.id}`,
    pull_requests: [],
    created_at: at,
    updated_at: run.updated_at ?? at,
    run_started_at: at,
    jobs_url: `${url}/jobs`,
    logs_url: `${url}/logs`,
    check_suite_url: `${repoApi(links)}/check-suites/1`,
    artifacts_url: `${url}/artifacts`,
    cancel_url: `${url}/cancel`,
    rerun_url: `${url}/rerun`,
    workflow_url: `${repoApi(links)}/actions/workflows/${workflowId}`,
    head_commit: null,
    repository,
    head_repository: repository,
  };
}
