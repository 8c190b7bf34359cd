/**
 * Pull requests as Molecular opens them: created from a branch of this repository (a fork's head
 * is never needed), listed by head, and given reviewers. GitHub's refusals are kept: a second open
 * pull request for the same head and base, a head with nothing to merge, a missing branch, a
 * reviewer who is not a collaborator or is the author.
 */
import { errorResult, notFound, unprocessable } from '../errors.js';
import { authorAssociation } from '../shapes/issues.js';
import { repoApi, repoWeb } from '../shapes/links.js';
import { pullShape } from '../shapes/pulls.js';
import { simpleUser } from '../shapes/user.js';
import type { PullRecord } from '../state.js';
import type { HandlerTable } from './types.js';

interface CreateBody {
  title?: string;
  head: string;
  base: string;
  body?: string;
  draft?: boolean;
}

export const pullRoutes: HandlerTable = {
  'pulls/create': ({ state, links, body, actor }) => {
    const input = body as CreateBody;
    const head = input.head.includes(':') ? input.head.slice(input.head.indexOf(':') + 1) : input.head;
    const headSha = state.branchSha(head);
    const baseSha = state.branchSha(input.base);
    if (headSha === undefined)
      return unprocessable('Validation Failed', [
        { resource: 'PullRequest', field: 'head', code: 'invalid' },
      ]);
    if (baseSha === undefined)
      return unprocessable('Validation Failed', [
        { resource: 'PullRequest', field: 'base', code: 'invalid' },
      ]);
    const open = [...state.pulls.values()].find(
      (p) => (p.state ?? 'open') === 'open' && p.head.ref === head && p.base.ref === input.base,
    );
    if (open !== undefined)
      return unprocessable('Validation Failed', [
        {
          resource: 'PullRequest',
          code: 'custom',
          message: `A pull request already exists for ${state.owner}:${head}.`,
        },
      ]);
    if (headSha === baseSha)
      return unprocessable('Validation Failed', [
        { resource: 'PullRequest', code: 'custom', message: `No commits between ${input.base} and ${head}` },
      ]);
    const title = input.title ?? head;
    const issue = state.addIssue({ title, body: input.body ?? null, user: actor });
    const pull: PullRecord = {
      number: issue.number,
      title,
      body: input.body ?? null,
      state: 'open',
      draft: input.draft ?? false,
      head: { ref: head, sha: headSha },
      base: { ref: input.base, sha: baseSha },
      user: actor,
      createdAt: state.now(),
    };
    state.pulls.set(pull.number, pull);
    return { status: 201, body: pullShape(links, pull) };
  },

  'pulls/list': ({ state, links, query }) => {
    const wanted = query.get('state') ?? 'open';
    const head = query.get('head');
    const base = query.get('base');
    const pulls = [...state.pulls.values()]
      .filter((p) => wanted === 'all' || (p.state ?? 'open') === wanted)
      .filter((p) => head === null || `${state.owner}:${p.head.ref}` === head)
      .filter((p) => base === null || p.base.ref === base)
      .sort((a, b) => b.number - a.number);
    const perPage = Number(query.get('per_page') ?? 30);
    const page = Number(query.get('page') ?? 1);
    const shown = pulls.slice((page - 1) * perPage, page * perPage);
    return { status: 200, body: shown.map((p) => pullShape(links, p)) };
  },

  'pulls/request-reviewers': ({ state, links, params, body }) => {
    const pull = state.pulls.get(Number(params.pull_number));
    if (!pull) return notFound();
    const input = body as { reviewers?: string[]; team_reviewers?: string[] };
    const reviewers = input.reviewers ?? [];
    for (const login of reviewers) {
      if (login === pull.user?.login)
        return unprocessable('Review cannot be requested from pull request author.');
      if (state.role(login) === 'none')
        return errorResult(
          422,
          `Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ${state.owner}/${state.repo} repository.`,
        );
    }
    pull.requestedReviewers = [...new Set([...(pull.requestedReviewers ?? []), ...reviewers])];
    pull.requestedTeams = [...new Set([...(pull.requestedTeams ?? []), ...(input.team_reviewers ?? [])])];
    return { status: 201, body: pullShape(links, pull) };
  },

  'pulls/list-comments-for-review': ({ state, links, params }) => {
    const number = Number(params.pull_number);
    const pull = state.pulls.get(number);
    const review = Number(params.review_id);
    if (!pull || !state.reviewComments.has(review)) return notFound();
    const api = `${repoApi(links)}/pulls`;
    const comments = (state.reviewComments.get(review) ?? []).map((c, i) => {
      const id = review * 100 + i;
      const html = `${repoWeb(links)}/pull/${number}#discussion_r${id}`;
      return {
        url: `${api}/comments/${id}`,
        pull_request_review_id: review,
        id,
        node_id: `PRRC_${id}`,
        diff_hunk: `@@ -1,1 +1,${c.line} @@`,
        path: c.path,
        position: c.line,
        original_position: c.line,
        commit_id: pull.head.sha,
        original_commit_id: pull.head.sha,
        user: simpleUser(links, c.user),
        body: c.body,
        created_at: state.now(),
        updated_at: state.now(),
        html_url: html,
        pull_request_url: `${api}/${number}`,
        author_association: authorAssociation(links, c.user),
        _links: {
          self: { href: `${api}/comments/${id}` },
          html: { href: html },
          pull_request: { href: `${api}/${number}` },
        },
        line: c.line,
        original_line: c.line,
        side: 'RIGHT',
      };
    });
    return { status: 200, body: comments };
  },
};
