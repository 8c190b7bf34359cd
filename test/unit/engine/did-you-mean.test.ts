import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance } from '../../../src/engine/did-you-mean.js';

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

describe('closest', () => {
  const verbs = ['status', 'skip', 'squash', 'done'];
  it('picks the closest candidate within two edits, the earlier one on a tie', () => {
    expect(closest('stauts', verbs, 2)).toBe('status');
    expect(closest('sqush', verbs, 2)).toBe('squash');
    expect(closest('sip', verbs, 2)).toBe('skip');
    expect(closest('deploy', verbs, 2)).toBeUndefined();
    expect(closest('skup', ['skip', 'skop'], 2)).toBe('skip');
  });

  it('by default allows one edit in three letters (at least one)', () => {
    expect(closest('bulid', ['build', 'test'])).toBe('build');
    expect(closest('tst', ['build', 'test'])).toBe('test');
    expect(closest('tx', ['build', 'test'])).toBeUndefined();
    expect(closest('deplyo-prod', ['deploy-prod'])).toBe('deploy-prod');
    expect(closest('deploy-qa', ['deploy-prod'])).toBeUndefined();
  });

  it('gives the same answer as the uncapped distance (the cap only saves work)', () => {
    const words = ['', 'a', 'ab', 'ba', 'abc', 'acb', 'kitten', 'sitting', 'stauts', 'status', '😀a'];
    for (const a of words)
      for (const b of words)
        for (const cap of [0, 1, 2, 3]) {
          const full = editDistance(a, b);
          const capped = editDistance(a, b, cap);
          if (full <= cap) expect(capped).toBe(full);
          else expect(capped).toBeGreaterThan(cap);
        }
  });
});

describe('didYouMean', () => {
  it('is a suffix for a message naming the nearest candidate, or nothing', () => {
    expect(didYouMean('bulid', ['build', 'test'])).toBe(' (did you mean "build"?)');
    expect(didYouMean('zzzzz', ['build', 'test'])).toBe('');
  });
});
