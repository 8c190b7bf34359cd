/**
 * The seal: a last line Molecular appends to every comment it writes,
 *
 *   <!-- molecular:digest sha256:<hex> at:<ISO time> -->
 *
 * The digest covers everything above it (state block and rendered view) and the write time, so
 * any edit of the body breaks it. `at` is compared with GitHub's `updated_at`: a later edit (or
 * an old body pasted back) moves `updated_at` away from it. Without a key a deliberate forger
 * with write access could recompute a plain sha256; with `key` (a secret only the app or the
 * workflow holds) the seal is an HMAC nobody else can make. The codec owns the state block; the
 * seal wraps its output and leaves it untouched.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { err, ok, type Result } from '../../engine/index.js';

// No `\n*` in front: a body of thousands of line breaks made that take quadratic time.
const SEAL = /<!-- molecular:digest (sha256|hmac-sha256):([0-9a-f]{64}) at:(\S+) -->\s*$/;

/** Bytes a seal line takes, with its blank line: what the codec's budget must leave free. */
export const SEAL_RESERVE_BYTES = 140;

export interface Sealed {
  /** The body without its seal line. */
  content: string;
  at: string;
  algorithm: 'sha256' | 'hmac-sha256';
}

// GitHub's web editor returns CRLF and may drop trailing blank lines; neither changes meaning.
const normalize = (content: string) => content.replace(/\r\n?/g, '\n').trimEnd();

function digest(content: string, at: string, key: string | undefined): string {
  const input = `molecular:digest v1\n${at}\n${normalize(content)}`;
  return key === undefined
    ? createHash('sha256').update(input).digest('hex')
    : createHmac('sha256', key).update(input).digest('hex');
}

export function sealBody(content: string, at: Date, key?: string): string {
  const iso = at.toISOString();
  const algorithm = key === undefined ? 'sha256' : 'hmac-sha256';
  return `${normalize(content)}\n\n<!-- molecular:digest ${algorithm}:${digest(content, iso, key)} at:${iso} -->`;
}

/** Has the body a seal at all (a comment by Molecular, whether intact or not)? */
export function hasSeal(body: string): boolean {
  return SEAL.test(body);
}

/**
 * Checks the seal. Errors (code `seal-broken`) say why in words a maintainer can act on; with a
 * key configured, a plain sha256 seal is refused (anyone can compute one).
 */
export function openSeal(body: string, key?: string): Result<Sealed> {
  const match = SEAL.exec(body);
  if (!match)
    return err(
      'seal-broken',
      'it carries no Molecular digest line, so it was not written by Molecular or the line was removed',
    );
  const [, algorithm, hex, at] = match as unknown as [string, Sealed['algorithm'], string, string];
  let end = match.index;
  while (end > 0 && body[end - 1] === '\n') end--;
  const content = body.slice(0, end);
  if (key !== undefined && algorithm !== 'hmac-sha256') {
    return err(
      'seal-broken',
      'its digest is an unkeyed sha256 while this installation signs state with a key',
    );
  }
  if (key === undefined && algorithm === 'hmac-sha256') {
    return err(
      'seal-broken',
      'it is signed with a key this process was not given (set the same state key everywhere)',
    );
  }
  if (Number.isNaN(Date.parse(at)))
    return err('seal-broken', `its digest line has an unreadable time "${at}"`);
  const expected = Buffer.from(digest(content, at, key), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hex, 'hex'))) {
    return err(
      'seal-broken',
      'its content does not match the digest Molecular wrote, so it was edited after Molecular wrote it',
    );
  }
  return ok({ content, at, algorithm });
}
