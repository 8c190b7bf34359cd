/**
 * The trust-boundary rows of RELIABILITY.md count named test cases: each name must still be a
 * test in its file (a renamed or deleted test would otherwise keep being counted), and the
 * committed RELIABILITY.md must show the rows the list gives.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseCount, readTrustMatrix, trustMatrixLines } from '../../../scripts/trust-matrix.mjs';

const ROOT = join(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('the trust-boundary rows of the security matrix', () => {
  it('name only test cases that exist in their files, each once', async () => {
    const rows = await readTrustMatrix(ROOT);
    expect(rows.map((r) => r.defect.split('.')[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    const missing: string[] = [];
    for (const row of rows) {
      for (const [file, titles] of Object.entries(row.tests ?? {})) {
        const text = read(file);
        expect(new Set(titles).size).toBe(titles.length);
        for (const title of titles) {
          const literal = [`'${title}'`, `"${title}"`, `\`${title}\``];
          if (!literal.some((l) => text.includes(l))) missing.push(`${file}: ${title}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('count them in RELIABILITY.md as the list says, every defect with its tests', async () => {
    const rows = await readTrustMatrix(ROOT);
    expect(read('RELIABILITY.md')).toContain(trustMatrixLines(rows).join('\n'));
    expect(rows.map((row) => caseCount(row) ?? 0).filter((count) => count === 0)).toEqual([]);
  });
});
