/**
 * Whose state to believe: only a comment written by a trusted writer, last edited by
 * one, with an intact seal, last edited when the seal says it was written. Everything else that
 * looks like state is ignored and reported, with a sentence that names the author or the editor.
 * The editor rule is what stops a replay: an older body pasted back is every byte a trusted writer
 * wrote, seal included, and only who pasted it tells it apart.
 */
import { err, ok, type Result } from '../../engine/index.js';
import { openSeal, type Sealed } from './comment-seal.js';

export interface TrustPolicy {
  /** Logins as REST reports them (`molecular[bot]`, `github-actions[bot]`); case-insensitive. */
  writers: string[];
  /** HMAC key for seals; without it seals are plain sha256 (see comment-seal.ts). */
  key?: string;
  /** How far GitHub's `updated_at` may stray from the seal's `at` (clock skew plus request time). */
  editWindowMs: number;
}

export const DEFAULT_EDIT_WINDOW_MS = 10 * 60_000;

/** A comment as both REST and GraphQL can describe it. */
export interface CommentView {
  id: number;
  /** GraphQL's global id: how the comment is read again. */
  nodeId: string;
  /** REST login (`x[bot]` for apps). */
  author: string;
  body: string;
  /** When the body last changed: REST `updated_at`; GraphQL `lastEditedAt ?? createdAt`. */
  updatedAt: string;
  /** Who last edited the body (REST login form); unset when never edited or when REST read it. */
  editor?: string;
}

/** The app's own identity and the Actions token's, the writers trusted by default. */
export function defaultTrustedWriters(appSlug?: string): string[] {
  return [...(appSlug ? [`${appSlug}[bot]`] : []), 'github-actions[bot]'];
}

export function isTrustedWriter(login: string, policy: Pick<TrustPolicy, 'writers'>): boolean {
  const lower = login.toLowerCase();
  return policy.writers.some((w) => w.toLowerCase() === lower);
}

/** The comment's sealed content when it may be believed; `state-untrusted` otherwise. */
export function judgeComment(comment: CommentView, policy: TrustPolicy): Result<Sealed> {
  const where = `comment #${comment.id}`;
  if (!isTrustedWriter(comment.author, policy)) {
    return err(
      'state-untrusted',
      `${where} holds Molecular state but was written by @${comment.author}, who is not a trusted writer (${policy.writers.join(', ')}); it was ignored`,
    );
  }
  if (comment.editor !== undefined && !isTrustedWriter(comment.editor, policy)) {
    return err(
      'state-untrusted',
      `${where} by @${comment.author} was last edited by @${comment.editor}, who is not a trusted writer; it was ignored`,
    );
  }
  const sealed = openSeal(comment.body, policy.key);
  if (!sealed.ok)
    return err('state-untrusted', `${where} by @${comment.author} was ignored: ${sealed.error.message}`);
  const drift = Date.parse(comment.updatedAt) - Date.parse(sealed.value.at);
  if (!(Math.abs(drift) <= policy.editWindowMs)) {
    return err(
      'state-untrusted',
      `${where} by @${comment.author} was edited at ${comment.updatedAt}, after Molecular wrote it at ${sealed.value.at}; it was ignored`,
    );
  }
  return ok(sealed.value);
}
