/**
 * base64(zlib-deflate(text)). The engine does no I/O, but zlib's synchronous calls are pure
 * computations on buffers, so the codec may use them. The zlib format (not raw deflate) is used
 * on purpose: its Adler-32 trailer turns a bit flipped in the comment into an error instead of a
 * silently different molecule.
 */
import { Buffer } from 'node:buffer';
import { deflateSync, inflateSync } from 'node:zlib';
import { err, ok, type Result } from '../errors.js';

/** A state never legitimately inflates past this; a tampered stream must not eat the memory. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** zlib's default level: within half a percent of level 9 on state JSON, and several times faster. */
export function deflateToBase64(text: string): string {
  return deflateSync(Buffer.from(text, 'utf8')).toString('base64');
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
    const reason = cause instanceof Error ? cause.message : String(cause);
    return err('state-corrupt', `the state block is not valid base64/deflate: ${reason}`);
  }
}
