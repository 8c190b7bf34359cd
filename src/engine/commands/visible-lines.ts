/**
 * The lines of a comment a reader sees as prose, decided by a CommonMark parser (with GitHub's
 * tables and raw HTML) rather than by line patterns: a line counts when it starts a text line of
 * a paragraph or heading outside block quotes, and that start is text — not a code span, raw
 * HTML (a comment, a tag's attributes), a link's destination or title, or an image. Code blocks
 * (fenced, indented, inside list items), HTML blocks and quotes are never paragraphs. A command
 * shown as an example, quoted from someone else, or hidden in a comment must never run.
 *
 * markdown-it, not micromark: on hostile 65,536-character comments micromark took tens of
 * seconds (a quote followed by thousands of lazy lines, thousands of setext headings, nested
 * labels); markdown-it stays near linear, times the depth of nesting, which is capped below.
 */
import MarkdownIt, { type StateInline, type Token } from 'markdown-it';

export interface VisibleLine {
  /** 1-based line number in the comment. */
  line: number;
  text: string;
}

/** A stretch of a paragraph's inline source that is not shown as text. */
interface Hidden {
  start: number;
  end: number;
  /** An HTML comment: cut out of the line's text (`/mol done a <!-- x --> b` notes `a  b`). */
  comment: boolean;
}

/** Each inline token list (one per paragraph) and what its source hides. */
let hiddenOf = new WeakMap<Token[], Hidden[]>();

// 20 levels of quotes and lists (CommonMark's preset; the default is 100): each level re-reads every
// line below it, and no one nests deeper. Past it nothing is read, so nothing there counts.
const md = MarkdownIt({ html: true, maxNesting: 20 });
// Emphasis decides no line's visibility, and runs of `*a` cost it the most time.
md.disable(['emphasis', 'strikethrough']);
hide('backticks', (start, end) => ({ start, end }));
hide('html_inline', (start, end, state) => ({ start, end, comment: state.src.startsWith('<!--', start) }));
hide('image', (start, end) => ({ start, end }));
// A link's text is shown; `(destination "title")` or `[reference]` after it is not.
hide('link', (start, end, state) => {
  const labelEnd = state.md.helpers.parseLinkLabel(state, start, true);
  return { start: labelEnd < 0 ? start : labelEnd, end };
});

/** Wraps an inline rule so each span it takes (outside silent look-ahead) is recorded. */
function hide(
  name: string,
  span: (start: number, end: number, state: StateInline) => Omit<Hidden, 'comment'> & { comment?: boolean },
) {
  const rule = md.inline.ruler.__rules__.find((r) => r.name === name);
  if (!rule) throw new Error(`markdown-it has no inline rule "${name}"`);
  const original = rule.fn;
  md.inline.ruler.at(name, (state, silent) => {
    const start = state.pos;
    if (!original(state, silent)) return false;
    if (!silent) {
      const found = span(start, state.pos, state);
      const list = hiddenOf.get(state.tokens) ?? [];
      list.push({ comment: false, ...found });
      hiddenOf.set(state.tokens, list);
    }
    return true;
  });
}

export function visibleLines(body: string): VisibleLine[] {
  const lines = body.split(/\r\n|\r|\n/);
  hiddenOf = new WeakMap();
  const tokens = md.parse(body, {});
  const visible: VisibleLine[] = [];
  let quoted = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.type === 'blockquote_open') quoted++;
    else if (token.type === 'blockquote_close') quoted--;
    else if (quoted === 0 && (token.type === 'paragraph_open' || token.type === 'heading_open')) {
      const inline = tokens[i + 1];
      if (inline?.type === 'inline' && inline.map) visible.push(...textLines(inline, lines));
    }
  }
  return visible;
}

/**
 * The lines of one paragraph whose first character is text and is the first character of the
 * line as written (no quote or list marker before it), with HTML comments cut out.
 */
function textLines(inline: Token, lines: readonly string[]): VisibleLine[] {
  const [first] = inline.map as [number, number];
  const hidden = (hiddenOf.get(inline.children ?? []) ?? []).sort((a, b) => a.start - b.start);
  const source = inline.content;
  const out: VisibleLine[] = [];
  let h = 0;
  let lineStart = 0;
  for (let k = 0; lineStart <= source.length; k++) {
    const newline = source.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? source.length : newline;
    let textStart = lineStart;
    while (textStart < lineEnd && isBlank(source.charCodeAt(textStart))) textStart++;
    while (h < hidden.length && (hidden[h] as Hidden).end <= textStart) h++;
    const startsHidden = h < hidden.length && (hidden[h] as Hidden).start <= textStart;
    const raw = lines[first + k] ?? '';
    let rawStart = 0;
    while (isBlank(raw.charCodeAt(rawStart))) rawStart++;
    const shown = source.slice(textStart, lineEnd);
    // markdown-it reads NUL as U+FFFD; the command keeps what was written.
    const written = raw.slice(rawStart);
    if (!startsHidden && shown !== '' && written.replace(/\0/g, '\uFFFD').startsWith(shown)) {
      const cut = commentsIn(hidden, h, textStart, lineEnd).map(([a, b]): [number, number] => [
        a - textStart,
        b - textStart,
      ]);
      out.push({ line: first + k + 1, text: without(written, cut) });
    }
    if (newline < 0) break;
    lineStart = newline + 1;
  }
  return out;
}

/** The HTML comments of one line, as [start, end) clipped to it. */
function commentsIn(hidden: Hidden[], from: number, start: number, end: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (let i = from; i < hidden.length && (hidden[i] as Hidden).start < end; i++) {
    const span = hidden[i] as Hidden;
    if (span.comment && span.end > start) spans.push([Math.max(start, span.start), Math.min(end, span.end)]);
  }
  return spans;
}

function without(text: string, spans: Array<[number, number]>): string {
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    if (end <= at) continue;
    out += text.slice(at, Math.max(at, start));
    at = end;
  }
  return out + text.slice(at);
}

const isBlank = (code: number) => code === 32 || code === 9;
