/**
 * Check runs are updated in place: the id of the run this process created or found for a
 * (name, commit) is remembered, so an update is one call instead of a look-up and an update.
 */
import type { Result } from '../../engine/index.js';
import { type CheckRunInput, type UpsertedCheckRun, upsertCheckRun } from '../../github/check-runs.js';
import { httpStatus, repoSlug } from '../../github/client.js';
import { BoundedCache } from '../bounded-cache.js';
import type { GitHubContext } from './github-context.js';

const ids = new BoundedCache<string, number>(2_000);

export async function upsertRememberedCheckRun(
  ctx: GitHubContext,
  input: CheckRunInput,
): Promise<Result<UpsertedCheckRun>> {
  const key = `${repoSlug(ctx.repo).toLowerCase()}\u0000${input.name}\u0000${input.headSha}`;
  const known = input.fresh ? undefined : ids.get(key);
  if (known !== undefined) {
    try {
      const updated = await upsertCheckRun(ctx.octokit, ctx.repo, { ...input, checkRunId: known });
      if (updated.ok) return updated;
    } catch (error) {
      // The remembered run is gone (another server, a migrated repository): find or create it again.
      if (httpStatus(error) !== 404) throw error;
    }
    ids.delete(key);
  }
  const result = await upsertCheckRun(ctx.octokit, ctx.repo, input);
  if (result.ok) ids.set(key, result.value.id);
  return result;
}
