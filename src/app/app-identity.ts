/**
 * Who the App is: `<slug>[bot]`, the login its comments carry and the first trusted writer of
 * state. Probot knows the App's id, not its slug, so the slug comes from the options or from
 * `GET /app` (the App's own JWT), asked once per process.
 */
import type { Probot } from 'probot';
import { appSlug } from '../github/app-info.js';
import { defaultTrustedWriters } from '../github/store/comment-trust.js';
import type { Identity } from '../shell/github/github-context.js';

export function slugResolver(app: Probot, configured: string | undefined): () => Promise<string> {
  let slug: Promise<string> | undefined;
  return () => {
    slug ??= configured
      ? Promise.resolve(configured)
      : app
          .auth()
          .then((octokit) => appSlug(octokit))
          .catch((error: unknown) => {
            slug = undefined; // ask again on the next event
            throw error;
          });
    return slug;
  };
}

/** `trusted_writers` from the config narrows or widens who may hold state. */
export function identityOf(slug: string, trustedWriters?: string[]): Identity {
  const login = `${slug}[bot]`;
  return { login, trusted: trustedWriters ?? defaultTrustedWriters(slug), self: [login] };
}
