/**
 * Text from people and formulas (titles, notes, errors) placed in a markdown view. It must not
 * break the table it sits in (`|`, newlines), inject HTML (`<`), start formatting, or ping
 * anyone: the view is re-written on every state change, and an `@name` in a note would mention
 * that person each time.
 */
const MARKDOWN_PUNCTUATION = /[\\`*_[\]~|]/g;
const HTML = /[<>&]/g;
const HTML_ENTITY: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };

/** One line of plain text, at most `maxChars` characters (an ellipsis marks the cut). */
export function inlineText(text: string, maxChars = Number.POSITIVE_INFINITY): string {
  return truncate(oneLine(text), maxChars)
    .replace(MARKDOWN_PUNCTUATION, (c) => `\\${c}`)
    .replace(HTML, (c) => HTML_ENTITY[c] ?? c)
    .replace(/@(?=\w)/g, '@\u200b');
}

/** An inline code span that survives backticks in the text and sits safely in a table cell. */
export function codeSpan(text: string, maxChars = Number.POSITIVE_INFINITY): string {
  const body = truncate(oneLine(text), maxChars).replace(/\|/g, '\\|');
  if (body === '') return '';
  const longestRun = Math.max(0, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = longestRun > 0 || body.startsWith(' ') || body.endsWith(' ') ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cut by code points so an emoji or other astral character is never split in half. */
export function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const chars = Array.from(text);
  return chars.length <= maxChars ? text : `${chars.slice(0, Math.max(0, maxChars - 1)).join('')}…`;
}
