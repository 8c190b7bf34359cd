import { type Links, nodeId, repoApi, repoWeb } from './links.js';
import { simpleUser } from './user.js';

/** The repository's numeric id: fixed, so a test can assert on it. */
export const REPOSITORY_ID = 424242;
/** Fixed creation time: the repository predates anything a test does. */
const CREATED_AT = '2024-01-01T00:00:00Z';

/** The repository's owner, shown as an organization. */
export function ownerShape(links: Links): Record<string, unknown> {
  return { ...simpleUser(links, { login: links.state.owner, type: 'User' }), type: 'Organization' };
}

/**
 * One object that satisfies `minimal-repository`, `repository` and `full-repository` alike (they
 * differ only in how many of these fields they require), so every endpoint embeds the same repo.
 */
export function repositoryShape(links: Links): Record<string, unknown> {
  const { state } = links;
  const api = repoApi(links);
  const web = repoWeb(links);
  const openIssues = [...state.issues.values()].filter((issue) => issue.state === 'open').length;
  const host = new URL(links.web).host;
  return {
    id: REPOSITORY_ID,
    node_id: nodeId('Repository', REPOSITORY_ID),
    name: state.repo,
    full_name: `${state.owner}/${state.repo}`,
    owner: ownerShape(links),
    private: false,
    html_url: web,
    description: null,
    fork: false,
    url: api,
    archive_url: `${api}/{archive_format}{/ref}`,
    assignees_url: `${api}/assignees{/user}`,
    blobs_url: `${api}/git/blobs{/sha}`,
    branches_url: `${api}/branches{/branch}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    comments_url: `${api}/comments{/number}`,
    commits_url: `${api}/commits{/sha}`,
    compare_url: `${api}/compare/{base}...{head}`,
    contents_url: `${api}/contents/{+path}`,
    contributors_url: `${api}/contributors`,
    deployments_url: `${api}/deployments`,
    downloads_url: `${api}/downloads`,
    events_url: `${api}/events`,
    forks_url: `${api}/forks`,
    git_commits_url: `${api}/git/commits{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    hooks_url: `${api}/hooks`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    issue_events_url: `${api}/issues/events{/number}`,
    issues_url: `${api}/issues{/number}`,
    keys_url: `${api}/keys{/key_id}`,
    labels_url: `${api}/labels{/name}`,
    languages_url: `${api}/languages`,
    merges_url: `${api}/merges`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    pulls_url: `${api}/pulls{/number}`,
    releases_url: `${api}/releases{/id}`,
    stargazers_url: `${api}/stargazers`,
    statuses_url: `${api}/statuses/{sha}`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    tags_url: `${api}/tags`,
    teams_url: `${api}/teams`,
    trees_url: `${api}/git/trees{/sha}`,
    clone_url: `${web}.git`,
    git_url: `git://${host}/${state.owner}/${state.repo}.git`,
    ssh_url: `git@${host}:${state.owner}/${state.repo}.git`,
    svn_url: web,
    mirror_url: null,
    homepage: null,
    language: 'TypeScript',
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    size: 1,
    default_branch: state.defaultBranch,
    open_issues: openIssues,
    open_issues_count: openIssues,
    is_template: false,
    topics: [],
    has_issues: true,
    has_projects: false,
    has_wiki: false,
    has_pages: false,
    has_downloads: false,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: 'public',
    license: null,
    pushed_at: CREATED_AT,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
    allow_forking: true,
    web_commit_signoff_required: false,
    network_count: 0,
    subscribers_count: 0,
  };
}
