/**
 * The hidden block at the top of a state comment. GitHub does not display HTML comments, so the
 * state travels with the rendered view without showing:
 *
 *   <!-- molecular:state v1            (plain JSON)
 *   <!-- molecular:state v1 deflate    (base64 of zlib-deflated packed JSON)
 */
export const STATE_BLOCK_OPEN = '<!-- molecular:state';
export const STATE_BLOCK_CLOSE = '-->';
export const STATE_VERSION = 1;

export type StateEncoding = 'json' | 'deflate';

export interface StateBlock {
  version: number;
  /** What the header says after the version; anything but `deflate` is read as plain JSON. */
  encoding: StateEncoding | 'unknown';
  /** The text between the header line and `-->`, with CRLF already turned into LF. */
  payload: string;
  /** False when the comment ends before `-->` (a truncated or half-pasted body). */
  closed: boolean;
  /** 1-based line of the body where the block starts, for messages. */
  line: number;
}

/** A `<!-- molecular:<name> v<N> …` block of any kind (state, archive), as the scan found it. */
export interface HiddenBlock {
  version: number;
  /** The rest of the header line after the version, without surrounding blanks. */
  rest: string;
  payload: string;
  closed: boolean;
  line: number;
}

/**
 * The first state block in a comment body, or undefined when there is none. Tolerates CRLF
 * (bodies edited in GitHub's web UI come back with CRLF) and any text around the block.
 */
export function findStateBlock(body: string): StateBlock | undefined {
  const block = findHiddenBlock(body, 'molecular:state');
  if (!block) return undefined;
  const { version, rest, payload, closed, line } = block;
  const encoding = rest === '' ? 'json' : rest === 'deflate' ? 'deflate' : 'unknown';
  return { version, encoding, payload, closed, line };
}

/**
 * The first `<!--[blanks]<name>[blanks]v<digits>[rest]\n` header and the text up to the next
 * `-->`. Anyone can comment, so this is a scan that looks at each character a bounded number of
 * times: a regular expression with several quantifiers over the same blanks took cubic time on a
 * header followed by thousands of spaces.
 */
export function findHiddenBlock(body: string, name: string): HiddenBlock | undefined {
  const text = body.includes('\r') ? body.replace(/\r\n?/g, '\n') : body;
  for (let open = text.indexOf('<!--'); open >= 0; open = text.indexOf('<!--', open + 4)) {
    const at = skipBlanks(text, open + 4);
    if (!text.startsWith(name, at)) continue;
    const v = skipBlanks(text, at + name.length);
    if (v === at + name.length || text[v] !== 'v') continue;
    let digits = v + 1;
    while (isDigit(text.charCodeAt(digits))) digits++;
    if (digits === v + 1) continue;
    const eol = text.indexOf('\n', digits);
    // Without a line break after it, no later header can have one either.
    if (eol < 0) return undefined;
    const start = eol + 1;
    const end = text.indexOf(STATE_BLOCK_CLOSE, start);
    return {
      version: Number(text.slice(v + 1, digits)),
      rest: trimBlanks(text, digits, eol),
      payload: end < 0 ? text.slice(start) : text.slice(start, end),
      closed: end >= 0,
      line: countLines(text, open),
    };
  }
  return undefined;
}

export function formatStateBlock(encoding: StateEncoding, payload: string): string {
  const header =
    encoding === 'json'
      ? `${STATE_BLOCK_OPEN} v${STATE_VERSION}`
      : `${STATE_BLOCK_OPEN} v${STATE_VERSION} deflate`;
  return `${header}\n${payload}\n${STATE_BLOCK_CLOSE}`;
}

const isBlank = (code: number) => code === 32 || code === 9;
const isDigit = (code: number) => code >= 48 && code <= 57;

function skipBlanks(text: string, from: number): number {
  let i = from;
  while (isBlank(text.charCodeAt(i))) i++;
  return i;
}

function trimBlanks(text: string, from: number, to: number): string {
  let start = from;
  let end = to;
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

function countLines(text: string, upTo: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < upTo; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
