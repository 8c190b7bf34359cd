import { type Links, nodeId } from './links.js';
import { ownerShape } from './repository.js';

export const APP_ID = 31337;
export const INSTALLATION_ID = 4242;
const CREATED_AT = '2024-01-01T00:00:00Z';

/** What the app asks for in app.yml; the token and installation endpoints echo it. */
export const APP_PERMISSIONS = {
  actions: 'write',
  checks: 'write',
  contents: 'write',
  issues: 'write',
  metadata: 'read',
  pull_requests: 'read',
} as const;

const APP_EVENTS = ['issues', 'issue_comment', 'check_run', 'workflow_run', 'push'];

/** GitHub's `integration` (GET /app): the fake's one GitHub App. */
export function appShape(links: Links): Record<string, unknown> {
  const slug = links.state.appSlug;
  return {
    id: APP_ID,
    slug,
    node_id: nodeId('App', APP_ID),
    client_id: `Iv1.${slug}`,
    owner: ownerShape(links),
    name: slug,
    description: null,
    external_url: `${links.web}/apps/${slug}`,
    html_url: `${links.web}/apps/${slug}`,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    permissions: APP_PERMISSIONS,
    events: APP_EVENTS,
  };
}

export function installationShape(links: Links): Record<string, unknown> {
  return {
    id: INSTALLATION_ID,
    app_id: APP_ID,
    app_slug: links.state.appSlug,
    client_id: `Iv1.${links.state.appSlug}`,
    target_id: 1,
    target_type: 'Organization',
    account: ownerShape(links),
    single_file_name: null,
    repository_selection: 'selected',
    access_tokens_url: `${links.api}/app/installations/${INSTALLATION_ID}/access_tokens`,
    repositories_url: `${links.api}/installation/repositories`,
    html_url: `${links.web}/organizations/${links.state.owner}/settings/installations/${INSTALLATION_ID}`,
    events: APP_EVENTS,
    permissions: APP_PERMISSIONS,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    suspended_by: null,
    suspended_at: null,
  };
}
