import { errorResult, notFound } from '../errors.js';
import { hashTree } from '../git-objects.js';
import { commitShape } from '../shapes/git.js';
import { repoApi, repoWeb } from '../shapes/links.js';
import { pullShape } from '../shapes/pulls.js';
import { repositoryShape } from '../shapes/repository.js';
import { simpleUser } from '../shapes/user.js';
import type { Role } from '../state.js';
import type { HandlerTable } from './types.js';

/** The pre-2021 `permission` field GitHub still sends next to `role_name`. */
const LEGACY_PERMISSION: Record<Role, string> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none',
};

interface DispatchBody {
  event_type: string;
  client_payload?: Record<string, unknown>;
}

export const repoRoutes: HandlerTable = {
  'repos/get': ({ links }) => ({ status: 200, body: repositoryShape(links) }),

  'repos/get-branch': ({ links, params }) => {
    const branch = params.branch ?? '';
    const sha = links.state.branchSha(branch);
    if (!sha) return errorResult(404, 'Branch not found');
    const files =
      links.state.branchFiles.get(branch) ?? links.state.filesAt(sha) ?? new Map<string, string>();
    const protectionUrl = `${repoApi(links)}/branches/${branch}/protection`;
    return {
      status: 200,
      body: {
        name: branch,
        commit: commitShape(links, sha, hashTree(files).sha),
        _links: { html: `${repoWeb(links)}/tree/${branch}`, self: `${repoApi(links)}/branches/${branch}` },
        protected: false,
        protection: {
          enabled: false,
          required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] },
        },
        protection_url: protectionUrl,
      },
    };
  },

  'repos/get-collaborator-permission-level': ({ links, params }) => {
    const login = params.username ?? '';
    const role = links.state.role(login);
    const user = simpleUser(links, { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' });
    return {
      status: 200,
      body: { permission: LEGACY_PERMISSION[role], role_name: role, user: { ...user, role_name: role } },
    };
  },

  'repos/create-dispatch-event': ({ state, body, emit }) => {
    const { event_type, client_payload = {} } = body as DispatchBody;
    const record = { event_type, client_payload, received_at: state.now() };
    state.repositoryDispatches.push(record);
    emit('repository_dispatch', record);
    return { status: 204 };
  },

  'pulls/get': ({ links, params }) => {
    const pull = links.state.pulls.get(Number(params.pull_number));
    return pull ? { status: 200, body: pullShape(links, pull) } : notFound();
  },
};
