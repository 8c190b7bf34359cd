import { APP_PERMISSIONS, appShape, installationShape } from '../shapes/app.js';
import { actorFor } from '../state.js';
import type { HandlerTable } from './types.js';

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export const appRoutes: HandlerTable = {
  /** Mints a token that acts as `<slug>[bot]`, so writes made with it are attributed to the app. */
  'apps/create-installation-access-token': ({ state, tokens }) => {
    const token = `ghs_fake${state.nextId()}`;
    const granted = state.installationPermissions;
    tokens.set(token, { ...actorFor(`${state.appSlug}[bot]`), ...(granted ? { permissions: granted } : {}) });
    return {
      status: 201,
      body: {
        token,
        expires_at: new Date(Date.now() + TOKEN_LIFETIME_MS).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        permissions: granted ?? APP_PERMISSIONS,
        repository_selection: 'selected',
      },
    };
  },

  'apps/get-repo-installation': ({ links }) => ({ status: 200, body: installationShape(links) }),

  'apps/get-authenticated': ({ links }) => ({ status: 200, body: appShape(links) }),
};
