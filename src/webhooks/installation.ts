/**
 * `installation.created` and `installation_repositories.added`: each repository the App was
 * given gets the state labels (`molecule:active|complete|failed`) with their colours, so people
 * can filter by them before the first molecule runs. A repository that refuses is logged and the
 * others go on.
 */
import { httpMessage } from '../github/client.js';
import { ensureLabels } from '../github/labels.js';
import type { BaseContext } from '../shell/github/github-context.js';
import { applied, type HandlerResult, ignored } from './handler-result.js';
import { InstallationPayload } from './payloads.js';

export async function handleInstallation(ctx: BaseContext): Promise<HandlerResult> {
  const parsed = InstallationPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored('not an installation event');
  const { action } = parsed.data;
  const repos =
    action === 'created'
      ? parsed.data.repositories
      : action === 'added'
        ? parsed.data.repositories_added
        : undefined;
  if (!repos || repos.length === 0) return ignored(`installation ${action}: no repository added`);
  const done: string[] = [];
  for (const { full_name } of repos) {
    const [owner, repo] = full_name.split('/');
    if (!owner || !repo) continue;
    try {
      const created = await ensureLabels(ctx.octokit, { owner, repo });
      done.push(`${full_name}: ${created.length ? created.join(', ') : 'labels were there'}`);
    } catch (error) {
      ctx.log.warn(`could not create the state labels in ${full_name}: ${httpMessage(error)}`);
    }
  }
  return done.length > 0 ? applied(done.join('; ')) : ignored('no repository took the labels');
}
