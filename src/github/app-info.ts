/** The App's own record (`GET /app`, asked with the App's JWT): its slug names its bot. */
import type { GitHubClient } from './client.js';

/** One call. */
export async function appSlug(octokit: Pick<GitHubClient, 'request'>): Promise<string> {
  const { data } = await octokit.request('GET /app');
  if (!data?.slug) throw new Error('GitHub did not say what this App is called (GET /app has no slug)');
  return data.slug;
}
