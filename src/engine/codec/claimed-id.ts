import { inflatePrefix } from './deflate.js';
import type { HiddenBlock } from './state-block.js';

/** Where the writer puts it: `{"v":1,"id":"…"` leads every block; a forger may put it later. */
const PEEK_CHARS = 4_096;
const ID = /"id"[ \t\n]*:[ \t\n]*"([A-Za-z0-9][A-Za-z0-9._-]{0,199})"/;

/**
 * The molecule id a block says it holds, read from its first few kilobytes only: what a report
 * of an untrusted comment names, without decoding (and so without inflating) anything its
 * author sent. Undefined when the prefix names none.
 */
export function claimedId(
  block: Pick<HiddenBlock, 'payload'>,
  encoding: 'json' | 'deflate',
): string | undefined {
  const head =
    encoding === 'json' ? block.payload.slice(0, PEEK_CHARS) : inflatePrefix(block.payload, PEEK_CHARS);
  return head === undefined ? undefined : ID.exec(head)?.[1];
}
