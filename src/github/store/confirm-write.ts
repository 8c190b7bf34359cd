/**
 * Did a comment write stick? GitHub has been seen to drop oversize edits silently, replicas lag
 * for a moment after a write, and another process may have written since. The re-read tells
 * these apart: our body is success; the previous body (or no comment yet) is lag, waited out,
 * then a lost write; a newer state by a trusted writer is a conflict the caller resolves by
 * re-applying its reducer on it.
 */
import { err, ok, type Result } from '../../engine/index.js';
import type { GitHubClient } from '../client.js';
import type { CommentView, TrustPolicy } from './comment-trust.js';
import { classifyComments, type FoundComment, getComment } from './state-comments.js';

/** Re-read delays while GitHub still serves the previous body. */
export const STALE_READ_DELAYS_MS = [250, 1_000];

export interface ConfirmInput {
  /** What the create or edit call answered. */
  response: CommentView;
  /** The body that was sent. */
  body: string;
  /** The rev the write started from (-1 for a create). */
  previousRev: number;
  policy: TrustPolicy;
  /** `response`: trust the call's answer and read nothing back. */
  mode: 'reread' | 'response';
  sleep: (ms: number) => Promise<void>;
}

export async function confirmWrite(
  octokit: GitHubClient,
  input: ConfirmInput,
): Promise<Result<{ conflict?: FoundComment }>> {
  const same = (c: CommentView) => c.body.replace(/\r\n?/g, '\n').trimEnd() === input.body.trimEnd();
  if (input.mode === 'response') return same(input.response) ? ok({}) : lost(input.response.id);
  for (let attempt = 0; ; attempt++) {
    const back = await getComment(octokit, input.response);
    if (back && same(back)) return ok({});
    if (back) {
      const [found] = classifyComments([back], input.policy).found;
      if (found?.kind === 'state' && found.mol.rev > input.previousRev) return ok({ conflict: found });
    }
    const delay = STALE_READ_DELAYS_MS[attempt];
    if (delay === undefined) return lost(input.response.id);
    await input.sleep(delay);
  }
}

function lost(commentId: number): Result<never> {
  return err(
    'write-lost',
    `GitHub did not keep the edit of comment #${commentId}: reading it back shows something else; the state there is unchanged, try again`,
  );
}
