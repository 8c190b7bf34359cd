import type { Proto } from '../cook/proto.js';
import type { Molecule } from '../molecule/molecule-schema.js';
import { type EncodedState, type EncodeOptions, encodeState } from './encode.js';

export interface Capacity {
  /** The largest size that fits (0 when even the smallest does not). */
  n: number;
  /** The encoding at that size. */
  encoded?: EncodedState;
}

/**
 * The largest `n` for which `build(n)` encodes within the budget, by binary search over
 * [1, max]. `accept` narrows what counts as fitting (for example: without trimming history).
 * Assumes a bigger `n` never encodes smaller, which holds for molecules that grow by steps.
 */
export function largestThatFits(
  build: (n: number) => { mol: Molecule; proto?: Proto },
  opts: Omit<EncodeOptions, 'proto'> & { max?: number; accept?: (encoded: EncodedState) => boolean } = {},
): Capacity {
  const { max = 100_000, accept = () => true, ...encodeOpts } = opts;
  const attempt = (n: number) => {
    const { mol, proto } = build(n);
    const encoded = encodeState(mol, { ...encodeOpts, proto });
    return encoded.ok && accept(encoded.value) ? encoded.value : undefined;
  };
  let best: Capacity = { n: 0 };
  let lo = 1;
  let hi = max;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const encoded = attempt(mid);
    if (encoded) {
      best = { n: mid, encoded };
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}
