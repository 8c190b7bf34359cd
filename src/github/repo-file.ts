/**
 * Reading one file of the repository at a given ref through the contents API. The contents API's
 * `sha` is the git blob sha, which is what formulas are pinned by.
 */
import { err, ok, type Result } from '../engine/index.js';
import { type GitHubClient, httpStatus, type RepoRef } from './client.js';

export interface RepoFile {
  path: string;
  /** The git blob sha of the content. */
  sha: string;
  text: string;
}

/** The file, or undefined when the ref has no file at that path. */
export async function readRepoFile(
  octokit: GitHubClient,
  repo: RepoRef,
  path: string,
  ref: string,
): Promise<Result<RepoFile | undefined>> {
  let data: unknown;
  try {
    ({ data } = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', { ...repo, path, ref }));
  } catch (error) {
    if (httpStatus(error) === 404) return ok(undefined);
    throw error;
  }
  if (
    Array.isArray(data) ||
    typeof data !== 'object' ||
    data === null ||
    (data as { type?: unknown }).type !== 'file'
  ) {
    return err('not-a-file', `${path} on ${ref} is not a file`, { file: path });
  }
  const file = data as { sha: string; content?: string; encoding?: string };
  // Files over 1 MB come without content (encoding "none"); the blob API still serves them.
  if (file.encoding !== 'base64' || file.content === undefined) {
    const blob = await loadBlob(octokit, repo, file.sha);
    return blob.ok ? ok({ path, sha: file.sha, text: blob.value }) : blob;
  }
  return ok({ path, sha: file.sha, text: Buffer.from(file.content, 'base64').toString('utf8') });
}

// A blob's content never changes for its sha, so this cache never needs invalidating; it is bounded
// only by the number of distinct formula versions a process reads.
const blobCache = new Map<string, string>();

/** A git blob's text by sha (pinned formulas are re-read this way). One call the first time, none after. */
export async function loadBlob(octokit: GitHubClient, repo: RepoRef, sha: string): Promise<Result<string>> {
  const key = `${repo.owner}/${repo.repo}@${sha}`.toLowerCase();
  const cached = blobCache.get(key);
  if (cached !== undefined) return ok(cached);
  let data: { content: string; encoding: string };
  try {
    ({ data } = await octokit.request('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', {
      ...repo,
      file_sha: sha,
    }));
  } catch (error) {
    if (httpStatus(error) !== 404) throw error;
    return err(
      'blob-missing',
      `the pinned file version ${sha.slice(0, 12)} is no longer in ${repo.owner}/${repo.repo}`,
    );
  }
  const text =
    data.encoding === 'base64' ? Buffer.from(data.content, 'base64').toString('utf8') : data.content;
  blobCache.set(key, text);
  return ok(text);
}

/** Tests only: forget cached blobs. */
export function clearBlobCache(): void {
  blobCache.clear();
}
