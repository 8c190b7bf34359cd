import { notFound, unprocessable } from '../errors.js';
import { checkOutputRefusal } from '../limits.js';
import { checkRunShape } from '../shapes/checks.js';
import type { CheckRunAction, CheckRunOutput, CheckRunRecord } from '../state.js';
import { paginate } from './paginate.js';
import type { HandlerTable, RouteContext, RouteResult } from './types.js';

interface CheckRunWrite {
  name?: string;
  head_sha?: string;
  status?: string;
  conclusion?: string;
  started_at?: string;
  completed_at?: string;
  details_url?: string;
  external_id?: string;
  output?: CheckRunOutput;
  actions?: CheckRunAction[];
}

/**
 * Applies a create/update body the way GitHub does: a conclusion implies `completed`, and
 * `completed` without a conclusion is refused. Returns an error result, or undefined when applied.
 */
function applyWrite(ctx: RouteContext, run: CheckRunRecord, write: CheckRunWrite): RouteResult | undefined {
  const tooLong = checkOutputRefusal(write.output);
  if (tooLong) return tooLong;
  const status = write.conclusion ? 'completed' : (write.status ?? run.status);
  const conclusion = write.conclusion ?? (status === 'completed' ? run.conclusion : null);
  if (status === 'completed' && !conclusion) {
    return unprocessable('Validation Failed', [
      { resource: 'CheckRun', field: 'conclusion', code: 'missing_field' },
    ]);
  }
  if (write.name !== undefined) run.name = write.name;
  if (write.details_url !== undefined) run.details_url = write.details_url;
  if (write.external_id !== undefined) run.external_id = write.external_id;
  if (write.started_at !== undefined) run.started_at = write.started_at;
  if (write.output) run.output = { ...run.output, ...write.output };
  if (write.actions) run.actions = write.actions;
  run.status = status;
  run.conclusion = conclusion;
  if (status === 'completed') run.completed_at = write.completed_at ?? run.completed_at ?? ctx.state.now();
  return undefined;
}

export const checkRoutes: HandlerTable = {
  'checks/create': (ctx) => {
    const write = ctx.body as CheckRunWrite & { name: string; head_sha: string };
    const run: CheckRunRecord = {
      id: ctx.state.nextId(),
      name: write.name,
      head_sha: write.head_sha,
      status: 'queued',
      conclusion: null,
      started_at: ctx.state.now(),
      completed_at: null,
      details_url: null,
      external_id: null,
      output: {},
      actions: [],
    };
    const error = applyWrite(ctx, run, write);
    if (error) return error;
    ctx.state.checkRuns.push(run);
    return { status: 201, body: checkRunShape(ctx.links, run) };
  },

  'checks/update': (ctx) => {
    const run = ctx.state.checkRuns.find((r) => r.id === Number(ctx.params.check_run_id));
    if (!run) return notFound();
    // Validate on a copy so a refused update leaves the stored run untouched.
    const draft: CheckRunRecord = { ...run, output: { ...run.output } };
    const error = applyWrite(ctx, draft, ctx.body as CheckRunWrite);
    if (error) return error;
    Object.assign(run, draft);
    return { status: 200, body: checkRunShape(ctx.links, run) };
  },

  /** `ref` may be a sha or a branch; `filter=latest` (the default) keeps the newest run per name. */
  'checks/list-for-ref': (ctx) => {
    const ref = ctx.params.ref ?? '';
    const sha = ctx.state.branchSha(ref.replace(/^(refs\/)?heads\//, '')) ?? ref;
    const name = ctx.query.get('check_name');
    const status = ctx.query.get('status');
    let runs = ctx.state.checkRuns.filter(
      (r) => r.head_sha === sha && (!name || r.name === name) && (!status || r.status === status),
    );
    if ((ctx.query.get('filter') ?? 'latest') === 'latest') {
      runs = runs.filter((r) => !runs.some((other) => other.name === r.name && other.id > r.id));
    }
    runs = [...runs].sort((a, b) => b.id - a.id);
    const page = paginate(runs, ctx.url);
    return {
      status: 200,
      body: { total_count: runs.length, check_runs: page.items.map((r) => checkRunShape(ctx.links, r)) },
      ...(page.link ? { headers: { link: page.link } } : {}),
    };
  },
};
