/** `@mention` files read from the default branch, for `resolveMentions` (src/engine/molecule/mentions.ts). */
import type { ReadContextFile } from '../engine/index.js';
import type { GitHubClient, RepoRef } from './client.js';
import { readRepoFile } from './repo-file.js';

/** A reader of repository files at `ref` (the default branch: a PR must not choose a step's context). 1 call per file. */
export function repoFileReader(octokit: GitHubClient, repo: RepoRef, ref: string): ReadContextFile {
  return async (path) => {
    const file = await readRepoFile(octokit, repo, path, ref);
    return file.ok ? file.value?.text : undefined;
  };
}
