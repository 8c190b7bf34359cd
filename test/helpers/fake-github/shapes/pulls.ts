import type { PullRecord } from '../state.js';
import { authorAssociation, labelShape } from './issues.js';
import { type Links, nodeId, repoApi, repoWeb } from './links.js';
import { ownerShape, repositoryShape } from './repository.js';
import { simpleUser } from './user.js';

/** GitHub's `pull-request` for a test-seeded PR; head and base both live in the fake repo. */
export function pullShape(links: Links, pull: PullRecord): Record<string, unknown> {
  const { state } = links;
  const api = repoApi(links);
  const url = `${api}/pulls/${pull.number}`;
  const html = `${repoWeb(links)}/pull/${pull.number}`;
  const author = pull.user ?? { login: 'octocat', type: 'User' as const };
  const repository = repositoryShape(links);
  const side = (ref: string, sha: string) => ({
    label: `${state.owner}:${ref}`,
    ref,
    sha,
    user: ownerShape(links),
    repo: repository,
  });
  const link = (href: string) => ({ href });
  const id = 900000 + pull.number;
  return {
    id,
    node_id: nodeId('PullRequest', id),
    number: pull.number,
    url,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${api}/issues/${pull.number}`,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${pull.number}/comments`,
    statuses_url: `${api}/statuses/${pull.head.sha}`,
    state: pull.state ?? 'open',
    locked: false,
    title: pull.title,
    body: pull.body ?? null,
    user: simpleUser(links, author),
    labels: (state.issues.get(pull.number)?.labels ?? pull.labels ?? []).map((name) => {
      const { description, ...label } = labelShape(links, state.ensureLabel(name));
      // A pull request's labels (`pull-request`) always carry a description string.
      return { ...label, description: description ?? '' };
    }),
    milestone: null,
    assignee: null,
    assignees: [],
    requested_reviewers: (pull.requestedReviewers ?? []).map((login) =>
      simpleUser(links, { login, type: 'User' }),
    ),
    requested_teams: (pull.requestedTeams ?? []).map((slug, i) => ({
      id: 8000 + i,
      node_id: nodeId('Team', 8000 + i),
      url: `${api.replace(/\/repos\/.*$/, '')}/teams/${slug}`,
      html_url: `https://github.com/orgs/${state.owner}/teams/${slug}`,
      name: slug,
      slug,
      description: null,
      privacy: 'closed',
      permission: 'pull',
      members_url: `${api.replace(/\/repos\/.*$/, '')}/teams/${slug}/members{/member}`,
      repositories_url: `${api.replace(/\/repos\/.*$/, '')}/teams/${slug}/repos`,
      parent: null,
      type: 'organization',
    })),
    created_at: pull.createdAt ?? '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    closed_at: null,
    merged_at: pull.merged ? '2024-01-01T00:00:00Z' : null,
    merge_commit_sha: null,
    draft: pull.draft ?? false,
    head: side(pull.head.ref, pull.head.sha),
    base: side(pull.base.ref, pull.base.sha ?? state.branchSha(pull.base.ref) ?? '0'.repeat(40)),
    _links: {
      self: link(url),
      html: link(html),
      issue: link(`${api}/issues/${pull.number}`),
      comments: link(`${api}/issues/${pull.number}/comments`),
      review_comments: link(`${url}/comments`),
      review_comment: link(`${api}/pulls/comments{/number}`),
      commits: link(`${url}/commits`),
      statuses: link(`${api}/statuses/${pull.head.sha}`),
    },
    author_association: authorAssociation(links, author),
    auto_merge: null,
    merged: pull.merged ?? false,
    mergeable: true,
    rebaseable: true,
    mergeable_state: 'clean',
    merged_by: null,
    comments: 0,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 1,
    additions: 0,
    deletions: 0,
    changed_files: 0,
  };
}
