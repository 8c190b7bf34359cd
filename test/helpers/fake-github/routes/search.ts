import { searchIssues } from '../search-query.js';
import { issueShape } from '../shapes/issues.js';
import type { Links } from '../shapes/links.js';
import type { IssueRecord } from '../state.js';
import { paginate } from './paginate.js';
import type { HandlerTable } from './types.js';

/** GitHub stops search results at 1000 however many match. */
const SEARCH_CAP = 1000;

/** `issue-search-result-item` types `body` as a plain string, so an empty body is left out rather than null. */
function searchItem(links: Links, issue: IssueRecord): Record<string, unknown> {
  const { body, ...rest } = issueShape(links, issue);
  return { ...rest, ...(body === null ? {} : { body }), score: 1 };
}

export const searchRoutes: HandlerTable = {
  'search/issues-and-pull-requests': (ctx) => {
    const sort = ctx.query.get('sort');
    const order = ctx.query.get('order') ?? 'desc';
    const q =
      (ctx.query.get('q') ?? '') + (sort === 'created' || sort === 'updated' ? ` sort:${sort}-${order}` : '');
    const found = searchIssues(ctx.state, q);
    const page = paginate(found.slice(0, SEARCH_CAP), ctx.url);
    return {
      status: 200,
      body: {
        total_count: found.length,
        incomplete_results: false,
        search_type: 'lexical',
        items: page.items.map((issue) => searchItem(ctx.links, issue)),
      },
      ...(page.link ? { headers: { link: page.link } } : {}),
    };
  },
};
