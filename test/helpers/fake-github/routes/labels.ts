import { errorResult, notFound, unprocessable } from '../errors.js';
import { labelShape } from '../shapes/issues.js';
import { issueFromParams, labelNames } from './issues.js';
import type { HandlerTable, RouteContext } from './types.js';

function issueLabels(ctx: RouteContext, names: string[]) {
  return names.map((name) => labelShape(ctx.links, ctx.state.ensureLabel(name)));
}

export const labelRoutes: HandlerTable = {
  'issues/add-labels': (ctx) => {
    const issue = issueFromParams(ctx);
    if (!issue) return notFound();
    const requested = labelNames(
      (ctx.body as { labels?: Array<string | { name?: string }> } | undefined)?.labels ?? [],
    );
    for (const name of requested) {
      const label = ctx.state.ensureLabel(name);
      if (!issue.labels.some((have) => have.toLowerCase() === label.name.toLowerCase()))
        issue.labels.push(label.name);
    }
    issue.updated_at = ctx.state.now();
    return { status: 200, body: issueLabels(ctx, issue.labels) };
  },

  'issues/remove-label': (ctx) => {
    const issue = issueFromParams(ctx);
    if (!issue) return notFound();
    const name = (ctx.params.name ?? '').toLowerCase();
    const index = issue.labels.findIndex((have) => have.toLowerCase() === name);
    if (index < 0) return errorResult(404, 'Label does not exist');
    issue.labels.splice(index, 1);
    issue.updated_at = ctx.state.now();
    return { status: 200, body: issueLabels(ctx, issue.labels) };
  },

  'issues/create-label': (ctx) => {
    const { name, color, description } = ctx.body as { name: string; color?: string; description?: string };
    if (ctx.state.findLabel(name)) {
      return unprocessable('Validation Failed', [
        { resource: 'Label', code: 'already_exists', field: 'name' },
      ]);
    }
    const hex = (color ?? 'ededed').replace(/^#/, '');
    if (!/^[0-9a-f]{6}$/i.test(hex)) {
      return unprocessable('Validation Failed', [{ resource: 'Label', code: 'invalid', field: 'color' }]);
    }
    const label = ctx.state.ensureLabel(name, hex.toLowerCase(), description ?? null);
    return { status: 201, body: labelShape(ctx.links, label) };
  },

  'issues/get-label': (ctx) => {
    const label = ctx.state.findLabel(ctx.params.name ?? '');
    return label ? { status: 200, body: labelShape(ctx.links, label) } : notFound();
  },
};
