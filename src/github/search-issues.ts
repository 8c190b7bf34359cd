/**
 * Issue numbers matching a search query, 100 per call. Pages are walked by number rather than
 * with `octokit.paginate`, whose search normalisation takes the first key after `total_count`
 * as the list and so depends on the order GitHub sends the keys in (`search_type` is newer).
 */
import type { GitHubClient } from './client.js';

/** GitHub stops search results at 1,000. */
const MAX_PAGES = 10;

export async function searchIssueNumbers(octokit: GitHubClient, q: string): Promise<number[]> {
  const numbers: number[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data } = await octokit.request('GET /search/issues', { q, per_page: 100, page });
    numbers.push(...data.items.map((item) => item.number));
    if (data.items.length < 100 || numbers.length >= data.total_count) break;
  }
  return numbers;
}
