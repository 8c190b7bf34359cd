/**
 * Text that may hold words people chose (step names, notes, reasons, GitHub's own messages) put
 * into a reply: an `@name` in it must not ping anyone, nor `#123` link where it should not, and
 * no `<!--` of theirs may reach the comment raw, where Molecular's parsers would read it back.
 */
import { escapeHtml } from '../../engine/index.js';

export function quiet(text: string): string {
  return escapeHtml(text).replace(/@(?=[\w-])/g, '@\u200b');
}
