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

/**
 * An inline code span that survives backticks in the text and sits safely in a table cell. A code
 * span shows entities raw, so text holding `<`, `>` or `&` becomes a `<code>` element with them
 * escaped instead: it reads as typed, and no `<!-- … -->` of a user's reaches a comment raw,
 * where Molecular's own parsers (reply markers, state blocks) would read it back.
 */
export function codeSpan(text: string, maxChars = Number.POSITIVE_INFINITY): string {
  const one = truncate(oneLine(text), maxChars);
  if (/[<>&]/.test(one)) return codeElement(one);
  const body = one.replace(/\|/g, '\\|');
  if (body === '') return '';
  const longestRun = Math.max(0, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = longestRun > 0 || body.startsWith(' ') || body.endsWith(' ') ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** GitHub reads markdown inside an HTML element: its punctuation is escaped like plain text's. */
function codeElement(text: string): string {
  return `<code>${text.replace(MARKDOWN_PUNCTUATION, (c) => `\\${c}`).replace(HTML, (c) => HTML_ENTITY[c] ?? c)}</code>`;
}

/**
 * Markdown whose words may be anyone's (a command's arguments in an error, a label, a branch
 * name), with no raw HTML left: `<`, `>` and `&` become entities outside code spans, and a code
 * span that holds one becomes a `<code>` element. Code spans are found as CommonMark pairs them
 * (a backtick run closes at the next run of the same length), in one pass; wherever this and
 * GitHub disagree, the text only shows an entity, it never carries a raw `<`.
 */
export function escapeHtml(text: string): string {
  const runs = Array.from(text.matchAll(/`+/g), (m) => ({ start: m.index, length: m[0].length }));
  // The next run of the same length, found right to left: a pass, not a search per opener.
  const closer: Array<number | undefined> = [];
  const lastOfLength = new Map<number, number>();
  for (let k = runs.length - 1; k >= 0; k--) {
    const run = runs[k] as { start: number; length: number };
    closer[k] = lastOfLength.get(run.length);
    lastOfLength.set(run.length, k);
  }
  const plain = (s: string) => s.replace(HTML, (c) => HTML_ENTITY[c] ?? c);
  let out = '';
  let at = 0;
  for (let k = 0; k < runs.length; k++) {
    const open = runs[k] as { start: number; length: number };
    const close = closer[k];
    if (open.start < at || close === undefined) continue;
    const end = runs[close] as { start: number; length: number };
    const content = text.slice(open.start + open.length, end.start);
    out += plain(text.slice(at, open.start));
    out += /[<>&]/.test(content)
      ? codeElement(oneLine(content))
      : text.slice(open.start, end.start + end.length);
    at = end.start + end.length;
    k = close;
  }
  return out + plain(text.slice(at));
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
