import { describe, expect, it } from 'vitest';
import { largestThatFits } from '../../../../src/engine/codec/capacity.js';
import { decodeState } from '../../../../src/engine/codec/decode.js';
import { encodeState } from '../../../../src/engine/codec/encode.js';
import { realisticChain } from '../../../helpers/realistic-chain.js';

describe('state capacity of one comment', () => {
  it('holds a realistic chain of at least 5,000 steps within the 60,000-byte budget', () => {
    const capacity = largestThatFits(realisticChain, { max: 10_000 });
    const withoutTrimming = largestThatFits(realisticChain, {
      max: 20_000,
      accept: (e) => e.trimmedHistory === 0,
    });
    console.info(
      `largest chain within budget: ${capacity.n} steps; without trimming history: ${withoutTrimming.n}`,
    );
    expect(capacity.n).toBeGreaterThanOrEqual(5_000);
    // The search found the edge: one more step no longer fits.
    expect(
      encodeState(realisticChain(capacity.n + 1).mol, { proto: realisticChain(capacity.n + 1).proto }).ok,
    ).toBe(false);
    expect(Buffer.byteLength(capacity.encoded?.body ?? '', 'utf8')).toBeLessThanOrEqual(60_000);
    expect(withoutTrimming.n).toBeLessThan(capacity.n);
  });

  it('encodes and decodes 5,000 steps exactly (their speed is measured by npm run bench)', () => {
    const { mol, proto } = realisticChain(5_000);
    const encoded = encodeState(mol, { proto });
    if (!encoded.ok) throw new Error(encoded.error.message);
    expect(decodeState(encoded.value.body)).toEqual({ ok: true, value: encoded.value.mol });
    expect(encoded.value.mol.history).toEqual(mol.history.slice(encoded.value.trimmedHistory));
  });
});
