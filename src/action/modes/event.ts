/**
 * `event` mode: the workflow's trigger handled by the same handlers the App runs on webhooks —
 * a `formula:<name>` label pours, a `/mol` comment commands, a `repository_dispatch` step report
 * is applied, a finished step workflow is looked at. A `schedule` or a manual `workflow_dispatch`
 * of the events workflow runs one patrol round.
 */
import type { GitHubContext } from '../../shell/github/github-context.js';
import { handleRepoEvent } from '../../webhooks/route-event.js';
import type { ActionIO, ModeResult } from '../action-io.js';
import { watchDeliveryNotes } from '../delivery-notes.js';
import { printData } from '../print-data.js';
import { patrolMode } from './patrol.js';

const PATROL_EVENTS = new Set(['schedule', 'workflow_dispatch']);

export async function eventMode(
  ctx: GitHubContext,
  io: ActionIO,
  eventName: string | undefined,
  runId: string,
): Promise<ModeResult> {
  if (eventName === undefined) {
    return {
      outputs: {},
      failure: 'mode "event" needs the workflow event (GITHUB_EVENT_NAME): run it in a workflow',
    };
  }
  if (PATROL_EVENTS.has(eventName)) return patrolMode(ctx, io, runId);
  const action = (ctx.payload as { action?: unknown } | null)?.action;
  const what = `${eventName}${typeof action === 'string' ? `.${action}` : ''}`;
  // A pull request delivered with the workflow token: the summary says CI will not run on it.
  const notes = watchDeliveryNotes(ctx);
  const result = await handleRepoEvent(eventName, notes.ctx);
  printData(io, `${what}: ${result.status}: ${result.detail}`);
  await io.summary(
    `### Molecular\n\n\`${what}\`: **${result.status}** — ${result.detail}\n${notes.markdown()}`,
  );
  const outputs = { status: result.status };
  if (result.status === 'failed') return { outputs, failure: `${what}: ${result.detail}` };
  return { outputs };
}
