/**
 * The token a client authenticates with, for a git push that must carry it: an App installation's
 * (@octokit/auth-app mints one when its cache holds none fresh, an hour long, so asking before
 * every push costs a request about once an hour) or a plain token's.
 */

/** The slice of a Probot or Octokit client this needs: its auth strategy. */
interface Authed {
  auth?: (options: Record<string, unknown>) => Promise<unknown>;
}

export async function clientToken(octokit: unknown): Promise<string> {
  const auth = (octokit as Authed).auth;
  if (typeof auth !== 'function') throw new Error('the GitHub client has no token to give git');
  const answer = (await auth({ type: 'installation' })) as { token?: unknown } | undefined;
  if (typeof answer?.token !== 'string') throw new Error('the GitHub client has no token to give git');
  return answer.token;
}
