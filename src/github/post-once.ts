/**
 * A create (POST) is not idempotent: sent again after its answer was lost, it makes a second
 * state comment or a second check run (check runs cannot even be deleted). Octokit's retry plugin
 * resends on any 5xx or network error, so creates go through here: the plugin's retries are off
 * for the request, and after a lost answer `find` looks for what the first attempt may have made
 * before anything is sent again. A 429 (refused, nothing done) is waited out and sent again; any
 * other 4xx is an answer, not a lost one, and is thrown as it is.
 */
import { httpStatus } from './client.js';

/** Request options that turn @octokit/plugin-retry off for one request. */
export const NO_RETRIES = { retries: 0 } as const;

/** Pauses before looking (GitHub may take a moment to list what it just created). */
const LOOK_DELAYS_MS = [250, 1_000];
/**
 * 429s waited out per create. They have a budget of their own: at 10% 429s, three refusals in a
 * row (the budget they used to share with the looks) lost a gated step's check run in one of the
 * ten trials of a full reliability run.
 */
export const MAX_REFUSALS = 5;
const MAX_429_WAIT_MS = 60_000;

function retryAfterMs(error: unknown): number | undefined {
  const headers = (error as { response?: { headers?: Record<string, unknown> } }).response?.headers;
  const seconds = Number(headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

export async function postOnce<T>(
  send: () => Promise<T>,
  find: () => Promise<T | undefined>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  let refusals = 0;
  let looks = 0;
  for (;;) {
    try {
      return await send();
    } catch (error) {
      const status = httpStatus(error);
      // A 429 was refused before anything was done: wait (retry-after, bounded) and send again.
      if (status === 429 && refusals < MAX_REFUSALS) {
        refusals++;
        await sleep(Math.min(MAX_429_WAIT_MS, retryAfterMs(error) ?? 1_000 * refusals));
        continue;
      }
      // Octokit reports a network failure as 500; a 5xx may or may not have been applied.
      const lost = status === undefined || status >= 500;
      const delay = LOOK_DELAYS_MS[looks++];
      if (!lost || delay === undefined) throw error;
      await sleep(delay);
      const found = await find();
      if (found !== undefined) return found;
    }
  }
}
