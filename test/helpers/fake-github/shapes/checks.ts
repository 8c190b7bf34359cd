import type { CheckRunRecord } from '../state.js';
import { appShape } from './app.js';
import { type Links, nodeId, repoApi, repoWeb } from './links.js';

export function checkRunShape(links: Links, run: CheckRunRecord): Record<string, unknown> {
  const url = `${repoApi(links)}/check-runs/${run.id}`;
  return {
    id: run.id,
    node_id: nodeId('CheckRun', run.id),
    head_sha: run.head_sha,
    external_id: run.external_id,
    url,
    html_url: `${repoWeb(links)}/runs/${run.id}`,
    details_url: run.details_url,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.started_at,
    completed_at: run.completed_at,
    output: {
      title: run.output.title ?? null,
      summary: run.output.summary ?? null,
      text: run.output.text ?? null,
      annotations_count: run.output.annotations?.length ?? 0,
      annotations_url: `${url}/annotations`,
    },
    name: run.name,
    check_suite: { id: 1 },
    app: appShape(links),
    pull_requests: [],
    // GitHub omits `actions` from responses; the fake echoes them so a test can inspect buttons.
    actions: run.actions,
  };
}
