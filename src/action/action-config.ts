/**
 * `.github/molecular.yml` for a job, from the default branch: a step job's checkout is a
 * molecule branch whose files a step may have changed, so the config (trusted writers, lock,
 * the step workflow) is never read from it. One call; no file is the defaults.
 */
import { ok, type Result } from '../engine/index.js';
import type { GitHubClient, RepoRef } from '../github/client.js';
import { CONFIG_PATH, type Config, DEFAULT_CONFIG, parseConfig } from '../github/config.js';
import { readRepoFile } from '../github/repo-file.js';

export async function loadActionConfig(
  octokit: GitHubClient,
  repo: RepoRef,
  path: string,
  ref: string,
): Promise<Result<Config>> {
  const file = await readRepoFile(octokit, repo, path, ref);
  if (!file.ok) return file;
  return configFromText(file.value?.text, path);
}

/** The config a file's text says (no file: the defaults); a snapshot that read the text passes it here. */
export function configFromText(text: string | undefined, path: string): Result<Config> {
  if (text === undefined) return ok(DEFAULT_CONFIG);
  const parsed = parseConfig(text);
  if (parsed.ok || path === CONFIG_PATH) return parsed;
  // The parser names the default path; this config lives elsewhere.
  const message = parsed.error.message.split(CONFIG_PATH).join(path);
  return { ok: false, error: { ...parsed.error, message, file: path } };
}
