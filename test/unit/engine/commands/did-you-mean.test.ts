import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance } from '../../../../src/engine/commands/did-you-mean.js';

describe('editDistance (Damerau-Levenshtein, optimal string alignment)', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one edit each', () => {
    expect(editDistance('status', 'status')).toBe(0);
    expect(editDistance('stats', 'status')).toBe(1);
    expect(editDistance('statuss', 'status')).toBe(1);
    expect(editDistance('statas', 'status')).toBe(1);
    expect(editDistance('stauts', 'status')).toBe(1);
    expect(editDistance('', 'burn')).toBe(4);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('ca', 'abc')).toBe(3); // optimal string alignment, not unrestricted
  });

  it('counts an emoji as one character', () => {
    expect(editDistance('😀a', 'a')).toBe(1);
  });
});

describe('didYouMean', () => {
  const verbs = ['status', 'skip', 'squash', 'done'];
  it('picks the closest candidate within two edits, the earlier one on a tie', () => {
    expect(didYouMean('stauts', verbs)).toBe('status');
    expect(didYouMean('sqush', verbs)).toBe('squash');
    expect(didYouMean('sip', verbs)).toBe('skip');
    expect(didYouMean('deploy', verbs)).toBeUndefined();
    expect(didYouMean('skup', ['skip', 'skop'])).toBe('skip');
  });
});
