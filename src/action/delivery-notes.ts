/**
 * The lines a delivery warns with (the workflow token's "CI will not run" and its fix), gathered
 * as a job logs them so the job summary carries them too: the issue asks for them where the user
 * looks, and the summary is the first thing a run's page shows.
 */
import type { GitHubContext } from '../shell/github/github-context.js';

export interface WatchedNotes {
  /** The context to run the job with: its warnings are watched. */
  ctx: GitHubContext;
  /** The delivery notes warned so far, once each, as summary markdown ('' when none). */
  markdown(): string;
}

export function watchDeliveryNotes(ctx: GitHubContext): WatchedNotes {
  const noted = new Set<string>();
  const watched: GitHubContext = {
    ...ctx,
    log: {
      ...ctx.log,
      warn: (m) => {
        if (ctx.deliveryNotes?.includes(m)) noted.add(m);
        ctx.log.warn(m);
      },
    },
  };
  return { ctx: watched, markdown: () => [...noted].map((n) => `\n${n}\n`).join('') };
}
