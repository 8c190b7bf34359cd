/**
 * base64(zlib-deflate(text)). The engine does no I/O, but zlib's synchronous calls are pure
 * computations on buffers, so the codec may use them. The zlib format (not raw deflate) is used
 * on purpose: its Adler-32 trailer turns a bit flipped in the comment into an error instead of a
 * silently different molecule.
 */
import { Buffer } from 'node:buffer';
import { constants, deflateSync, inflateSync } from 'node:zlib';
import { err, ok, type Result } from '../errors.js';
import { groupDigits } from '../render/group-digits.js';
import { DEFAULT_STATE_BUDGET_BYTES } from './budget.js';

/**
 * The most a state block may inflate to: a small multiple of the comment budget. Real states
 * inflate 4 to 8 times (5,000 finished steps with their history: 236 KB; 18,000 fresh steps:
 * 477 KB); the encoder never writes one past this bound, and a block that goes past it (a
 * deflate bomb: a kilobyte that inflates to gigabytes) is refused before it takes the memory.
 */
export const MAX_INFLATED_BYTES = 16 * DEFAULT_STATE_BUDGET_BYTES;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * zlib's default level (6) is within half a percent of level 9 on state JSON and several times
 * faster; level 1 is faster again (a finished 1,025-step chain: about a quarter of the time) for
 * about a quarter more bytes, which is what an encode that has room to spare uses. Every level
 * writes the same zlib format: readers cannot tell them apart.
 */
export const FAST_DEFLATE_LEVEL = 1;
export const DEFAULT_DEFLATE_LEVEL = constants.Z_DEFAULT_COMPRESSION;

export function deflateToBase64(text: string, level = DEFAULT_DEFLATE_LEVEL): string {
  return deflateSync(Buffer.from(text, 'utf8'), { level }).toString('base64');
}

export function inflateFromBase64(payload: string): Result<string> {
  const b64 = payload.replace(/\s+/g, '');
  if (b64.length === 0 || b64.length % 4 !== 0 || !BASE64.test(b64)) {
    return err('state-corrupt', 'the state block is not valid base64/deflate: it is not base64 text');
  }
  const bytes = Buffer.from(b64, 'base64');
  // Node ignores the unused bits of the last base64 character; a changed one must still count.
  if (bytes.toString('base64') !== b64) {
    return err('state-corrupt', 'the state block is not valid base64/deflate: its base64 is not canonical');
  }
  try {
    return ok(inflateSync(bytes, { maxOutputLength: MAX_INFLATED_BYTES }).toString('utf8'));
  } catch (cause) {
    if ((cause as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
      return err(
        'state-corrupt',
        `the state block inflates to more than ${groupDigits(MAX_INFLATED_BYTES)} bytes, more than any state Molecular writes; it was not read`,
      );
    }
    const reason = cause instanceof Error ? cause.message : String(cause);
    return err('state-corrupt', `the state block is not valid base64/deflate: ${reason}`);
  }
}

/**
 * What a deflated payload starts with, at most `maxBytes` of it, inflated from a short prefix of
 * the stream: enough to see what a block claims to be without inflating all of it. A prefix that
 * inflates past `maxBytes` is halved until it does not. Undefined when none is base64/deflate.
 */
export function inflatePrefix(payload: string, maxBytes: number): string | undefined {
  const b64 = payload
    .slice(0, 4 * maxBytes)
    .replace(/\s+/g, '')
    .slice(0, 684);
  const whole = b64.slice(0, b64.length - (b64.length % 4));
  if (whole === '' || !BASE64.test(whole)) return undefined;
  const bytes = Buffer.from(whole, 'base64');
  for (let length = bytes.length; length >= 8; length = Math.floor(length / 2)) {
    try {
      // A sync flush hands back what a cut-off stream inflated so far instead of failing on its end.
      const head = inflateSync(bytes.subarray(0, length), {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: maxBytes,
      });
      return head.toString('utf8');
    } catch (cause) {
      if ((cause as { code?: unknown }).code !== 'ERR_BUFFER_TOO_LARGE') return undefined;
    }
  }
  return undefined;
}
