/**
 * Who the App is: `<slug>[bot]`, the login its comments carry and the first trusted writer of
 * state. Probot knows the App's id, not its slug, so the slug comes from the options or from
 * `GET /app` (the App's own JWT), asked once per process.
 */
import type { Probot } from 'probot';
import { defaultTrustedWriters } from '../github/comment-trust.js';
import type { Identity } from '../webhooks/handler-context.js';

export function slugResolver(app: Probot, configured: string | undefined): () => Promise<string> {
  let slug: Promise<string> | undefined;
  return () => {
    slug ??= configured
      ? Promise.resolve(configured)
      : app
          .auth()
          .then((octokit) => octokit.request('GET /app'))
          .then(({ data }) => {
            if (!data?.slug)
              throw new Error('GitHub did not say what this App is called (GET /app has no slug)');
            return data.slug;
          })
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
