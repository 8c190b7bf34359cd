import { notFound, unprocessable } from '../errors.js';
import { workflowRunShape } from '../shapes/actions.js';
import { repoApi, repoWeb } from '../shapes/links.js';
import type { WorkflowDispatchRecord } from '../state.js';
import type { HandlerTable } from './types.js';

const RUN_DETAILS_VERSION = '2026-03-10';

interface DispatchBody {
  ref: string;
  inputs?: Record<string, unknown>;
  return_run_details?: boolean;
}

export const actionRoutes: HandlerTable = {
  /**
   * Records the dispatch and raises `workflow_dispatch` so a test can play the runner. API
   * version 2026-03-10 always answers 200 with the run (the spec's `change_workflow_dispatch_response_status`).
   */
  'actions/create-workflow-dispatch': ({ state, links, params, body, emit, apiVersion }) => {
    const { ref, inputs = {} } = body as DispatchBody;
    const return_run_details = (body as DispatchBody).return_run_details || apiVersion >= RUN_DETAILS_VERSION;
    const branch = ref.replace(/^refs\/heads\//, '');
    if (!state.branchSha(branch)) return unprocessable(`No ref found for: ${ref}`);
    const record: WorkflowDispatchRecord = {
      workflow_id: params.workflow_id ?? '',
      ref,
      inputs,
      received_at: state.now(),
    };
    if (return_run_details) {
      record.run_id = state.nextId();
      state.workflowRuns.set(record.run_id, {
        id: record.run_id,
        status: 'queued',
        head_branch: branch,
        head_sha: state.branchSha(branch),
        event: 'workflow_dispatch',
        path: `.github/workflows/${record.workflow_id}`,
        created_at: record.received_at,
      });
    }
    state.workflowDispatches.push(record);
    emit('workflow_dispatch', record);
    if (record.run_id === undefined) return { status: 204 };
    return {
      status: 200,
      body: {
        workflow_run_id: record.run_id,
        run_url: `${repoApi(links)}/actions/runs/${record.run_id}`,
        html_url: `${repoWeb(links)}/actions/runs/${record.run_id}`,
      },
    };
  },

  'actions/get-workflow-run': ({ state, links, params }) => {
    const run = state.workflowRuns.get(Number(params.run_id));
    return run ? { status: 200, body: workflowRunShape(links, run) } : notFound();
  },
};
