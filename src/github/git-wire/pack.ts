/**
 * Git's packfile, version 2 (gitformat-pack): `PACK`, the version, the object count, each object
 * as a type-and-size header and its zlib-deflated body, and the SHA-1 of all that as a trailer.
 * Written whole (a lock commit and the empty tree); read far enough to inflate whole objects.
 *
 * A deltified object (OFS_DELTA, REF_DELTA) is refused with one line: the lease keeper fetches one
 * lock commit, which has no parent and shares nothing with the only other object sent (its empty
 * tree), so a server has nothing to delta it against.
 */
import { createHash } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import type { GitObject, GitObjectType } from './git-object.js';

const TYPE_CODES: Record<GitObjectType, number> = { commit: 1, tree: 2, blob: 3, tag: 4 };
const TYPES_BY_CODE = new Map<number, GitObjectType>(
  Object.entries(TYPE_CODES).map(([type, code]) => [code, type as GitObjectType]),
);
const OFS_DELTA = 6;
const REF_DELTA = 7;

/** The type and size header: 3 bits of type, then the size 4 bits first and 7 bits a byte after. */
function objectHeader(code: number, size: number): Buffer {
  const bytes: number[] = [];
  let rest = Math.floor(size / 16);
  let byte = (code << 4) | (size % 16);
  while (rest > 0) {
    bytes.push(byte | 0x80);
    byte = rest % 128;
    rest = Math.floor(rest / 128);
  }
  bytes.push(byte);
  return Buffer.from(bytes);
}

export function writePack(objects: readonly GitObject[]): Buffer {
  const head = Buffer.alloc(12);
  head.write('PACK', 0, 'ascii');
  head.writeUInt32BE(2, 4);
  head.writeUInt32BE(objects.length, 8);
  const parts: Buffer[] = [head];
  for (const object of objects) {
    parts.push(objectHeader(TYPE_CODES[object.type], object.body.length), deflateSync(object.body));
  }
  const body = Buffer.concat(parts);
  return Buffer.concat([body, createHash('sha1').update(body).digest()]);
}

/** Every object in a pack; throws a one-line Error on a bad pack or a deltified object. */
export function readPack(pack: Buffer): GitObject[] {
  if (pack.length < 32 || pack.toString('ascii', 0, 4) !== 'PACK') throw new Error('not a packfile');
  const version = pack.readUInt32BE(4);
  if (version !== 2 && version !== 3) throw new Error(`a packfile of version ${version}`);
  const trailer = pack.length - 20;
  const sum = createHash('sha1').update(pack.subarray(0, trailer)).digest();
  if (!sum.equals(pack.subarray(trailer))) throw new Error('a packfile whose checksum does not match');
  const count = pack.readUInt32BE(8);
  const objects: GitObject[] = [];
  let at = 12;
  for (let i = 0; i < count; i++) {
    if (at >= trailer) throw new Error(`a packfile cut short at object ${i + 1} of ${count}`);
    let byte = pack[at++] as number;
    const code = (byte >> 4) & 7;
    let size = byte & 15;
    for (let shift = 16; byte & 0x80; shift *= 128) {
      if (at >= trailer) throw new Error(`a packfile cut short at object ${i + 1} of ${count}`);
      byte = pack[at++] as number;
      size += (byte & 0x7f) * shift;
    }
    if (code === OFS_DELTA || code === REF_DELTA)
      throw new Error('a deltified object in the packfile (a lock commit has nothing to delta against)');
    const type = TYPES_BY_CODE.get(code);
    if (!type) throw new Error(`an object of unknown type ${code} in the packfile`);
    let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
    try {
      inflated = inflateSync(pack.subarray(at, trailer), { info: true }) as unknown as typeof inflated;
    } catch (error) {
      throw new Error(`an object in the packfile does not inflate (${(error as Error).message})`);
    }
    if (inflated.buffer.length !== size)
      throw new Error(`an object in the packfile is ${inflated.buffer.length} bytes, not ${size}`);
    objects.push({ type, body: inflated.buffer });
    // How much of the input the stream took: the next object starts there.
    at += inflated.engine.bytesWritten;
  }
  return objects;
}
