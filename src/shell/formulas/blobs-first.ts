import type { FormulaSource } from '../../engine/index.js';

/**
 * Formula blobs a snapshot already read (src/github/patrol-snapshot.ts) answer a pinned read
 * without a call; any other blob comes from `source`. The scope stays the repository's, as in
 * checkout-first.ts.
 */
export function blobsFirst(source: FormulaSource, blobs: ReadonlyMap<string, string>): FormulaSource {
  if (blobs.size === 0) return source;
  return {
    ...source,
    readBlob: async (pin) => {
      const known = blobs.get(pin.blobSha);
      return known === undefined ? source.readBlob(pin) : { ok: true, value: known };
    },
  };
}
