/**
 * `git status --porcelain=v2 --branch -z` read back: whatever the paths (spaces, newlines, the
 * characters that separate its fields), every entry's path comes back whole and in order, and the
 * header names HEAD and its branch. Bounded runs; the seed is printed so a failure can be replayed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTreeStatus } from '../../src/runner/tree-status.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
console.log(`tree-status property seed: ${SEED}`);

const OID = 'a'.repeat(40);
const ZERO = '0'.repeat(40);
const path = fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' }).filter((p) => !p.includes('\0'));
const entry = fc.oneof(
  path.map((p) => ({ text: `1 .M N... 100644 100644 100644 ${OID} ${OID} ${p}`, path: p, kind: 'plain' })),
  path.map((p) => ({
    text: `1 MM N... 100644 100644 100644 ${OID} ${OID} ${p}`,
    path: p,
    kind: 'intricate',
  })),
  path.map((p) => ({
    text: `1 .M SC.. 160000 160000 160000 ${OID} ${OID} ${p}`,
    path: p,
    kind: 'intricate',
  })),
  fc.tuple(path, path).map(([p, from]) => ({
    text: `2 R. N... 100644 100644 100644 ${OID} ${OID} R100 ${p}\0${from}`,
    path: p,
    kind: 'intricate',
  })),
  path.map((p) => ({
    text: `u UU N... 100644 100644 100644 100644 ${OID} ${OID} ${ZERO} ${p}`,
    path: p,
    kind: 'intricate',
  })),
  path.map((p) => ({ text: `? ${p}`, path: p, kind: 'untracked' })),
);

describe('parseTreeStatus', () => {
  it('reads every path whole, and HEAD with its branch', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(entry, { selector: (e) => e.path, maxLength: 8 }),
        fc.option(fc.stringMatching(/^[a-z][a-z/-]{0,15}$/)),
        (entries, branch) => {
          const text = [
            `# branch.oid ${OID}`,
            `# branch.head ${branch ?? '(detached)'}`,
            ...entries.map((e) => e.text),
          ].join('\0');
          expect(parseTreeStatus(`${text}\0`)).toEqual({
            head: OID,
            branch: branch ?? undefined,
            changed: entries.map((e) => e.path),
            untracked: entries.filter((e) => e.kind === 'untracked').map((e) => e.path),
            intricate: entries.filter((e) => e.kind === 'intricate').map((e) => e.path),
          });
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('leaves an unborn branch or an entry it does not know to the long way', () => {
    expect(parseTreeStatus('# branch.oid (initial)\0# branch.head main\0')).toBeUndefined();
    expect(parseTreeStatus(`# branch.oid ${OID}\0# branch.head main\0X what\0`)).toBeUndefined();
  });
});
