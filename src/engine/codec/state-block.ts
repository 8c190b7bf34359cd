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

const HEADER = /<!--[ \t]*molecular:state[ \t]+v(\d+)[ \t]*([^\n]*?)[ \t]*\n/;

/**
 * The first state block in a comment body, or undefined when there is none. Tolerates CRLF
 * (bodies edited in GitHub's web UI come back with CRLF) and any text around the block.
 */
export function findStateBlock(body: string): StateBlock | undefined {
  const text = body.replace(/\r\n?/g, '\n');
  const header = HEADER.exec(text);
  if (!header) return undefined;
  const start = header.index + header[0].length;
  const end = text.indexOf(STATE_BLOCK_CLOSE, start);
  const rest = header[2] ?? '';
  return {
    version: Number(header[1]),
    encoding: rest === '' ? 'json' : rest === 'deflate' ? 'deflate' : 'unknown',
    payload: end < 0 ? text.slice(start) : text.slice(start, end),
    closed: end >= 0,
    line: countLines(text, header.index),
  };
}

export function formatStateBlock(encoding: StateEncoding, payload: string): string {
  const header =
    encoding === 'json'
      ? `${STATE_BLOCK_OPEN} v${STATE_VERSION}`
      : `${STATE_BLOCK_OPEN} v${STATE_VERSION} deflate`;
  return `${header}\n${payload}\n${STATE_BLOCK_CLOSE}`;
}

function countLines(text: string, upTo: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < upTo; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
