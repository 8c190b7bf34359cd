import type { Actor } from '../state.js';
import { type Links, nodeId } from './links.js';

/** GitHub's `simple-user`; Octokit callers mostly read `login`, `id` and `type`. */
export function simpleUser(links: Links, actor: Actor): Record<string, unknown> {
  const id = links.state.userId(actor.login);
  const url = `${links.api}/users/${encodeURIComponent(actor.login)}`;
  return {
    login: actor.login,
    id,
    node_id: nodeId(actor.type === 'Bot' ? 'Bot' : 'User', id),
    avatar_url: `${links.web}/avatars/u/${id}`,
    gravatar_id: '',
    url,
    html_url: `${links.web}/${actor.type === 'Bot' ? `apps/${actor.login.replace(/\[bot\]$/, '')}` : actor.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: actor.type,
    user_view_type: 'public',
    site_admin: false,
  };
}
