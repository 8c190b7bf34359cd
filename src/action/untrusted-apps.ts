/**
 * The Action next to the Molecular App: the Action cannot know the App's slug, so
 * unless told (the `app-slug` input, or `trusted_writers`) it believes only github-actions[bot],
 * and a job that meets the App's state comment refuses it. A person's copy of a state comment is
 * a forgery, ignored with a warning as everywhere; a state comment by an app the Action does not
 * trust is a misconfiguration, so the job fails and says which input or config line to set
 * instead of exiting 0 having done nothing.
 */
import type { MolError } from '../engine/index.js';
import { type CommentView, isTrustedWriter } from '../github/store/comment-trust.js';
import type { ModeResult } from './action-io.js';

export interface UntrustedAppsOptions {
  /** The writers the job believes. */
  trusted: string[];
  /** Where the config was read from, for the remedy. */
  configPath: string;
  /** The config lists `trusted_writers`, so the `app-slug` input changes nothing. */
  configNamesWriters: boolean;
}

export interface UntrustedApps {
  /** The handlers' `onRejectedState`: remembers comments by apps that are not trusted. */
  note(comment: CommentView, error: MolError): void;
  /** The mode's result, failed with one sentence per such comment when there were any. */
  verdict(result: ModeResult): ModeResult;
}

/** Logins of apps as REST reports them: `<slug>[bot]`. People's logins cannot hold brackets. */
const APP_LOGIN = /^(.+)\[bot\]$/i;

interface Culprit {
  login: string;
  /** How the app touched the comment: it wrote it, or it made the last edit (a trusted author's). */
  role: 'written' | 'last edited';
}

export function watchUntrustedApps(options: UntrustedAppsOptions): UntrustedApps {
  const seen = new Map<number, Culprit>();
  return {
    note(comment, error) {
      if (error.code !== 'state-untrusted') return;
      const culprit = culpritOf(comment, options.trusted);
      // A person who wrote or edited state forged it: the warning already said so, and it stays ignored.
      if (culprit && APP_LOGIN.test(culprit.login)) seen.set(comment.id, culprit);
    },
    verdict(result) {
      if (seen.size === 0) return result;
      const sentences = [...seen].map(([id, culprit]) => sentence(id, culprit, options));
      return { ...result, failure: [...sentences, ...(result.failure ? [result.failure] : [])].join('\n') };
    },
  };
}

/**
 * Who made the comment untrusted: its author, else (a trusted author's comment) its last editor;
 * nobody when both are trusted (a seal that does not open, an edit long after the seal).
 * `editor` is set where comments are read with their last editor.
 */
function culpritOf(comment: CommentView, writers: string[]): Culprit | undefined {
  if (!isTrustedWriter(comment.author, { writers })) return { login: comment.author, role: 'written' };
  if (comment.editor !== undefined && !isTrustedWriter(comment.editor, { writers }))
    return { login: comment.editor, role: 'last edited' };
  return undefined;
}

function sentence(id: number, { login, role }: Culprit, options: UntrustedAppsOptions): string {
  const slug = login.replace(APP_LOGIN, '$1');
  const listIt = `list \`${login}\` in \`trusted_writers\` in ${options.configPath}`;
  const remedy = options.configNamesWriters
    ? `${listIt} (the action input \`app-slug\` is not used while \`trusted_writers\` is set)`
    : `set the action input \`app-slug: ${slug}\` or ${listIt}`;
  return `comment #${id} holds Molecular state ${role} by @${login}, an app this Action does not trust (it trusts ${options.trusted.join(', ')}), so the job ignored that state: ${remedy}`;
}
