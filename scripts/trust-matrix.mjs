/**
 * The trust-boundary rows of RELIABILITY.md's security matrix (issues 11 and 20): one row per defect,
 * what stops it, and the test cases that prove it, from test/reliability/trust-boundaries.json.
 * The count is the number of named test cases, so it changes only with that list, and a unit
 * test checks that each named case still exists in its file.
 */
import { readFile } from 'node:fs/promises';

export const TRUST_MATRIX_FILE = 'test/reliability/trust-boundaries.json';

const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

export async function readTrustMatrix(root = '.') {
  return JSON.parse(await readFile(`${root}/${TRUST_MATRIX_FILE}`, 'utf8'));
}

/** The number of named test cases of a row, or undefined when another branch owns its tests. */
export function caseCount(row) {
  return row.tests ? Object.values(row.tests).reduce((n, titles) => n + titles.length, 0) : undefined;
}

export function trustMatrixLines(rows) {
  return [
    '### Trust boundaries (issues 11 and 20)',
    '',
    'Each trust-boundary defect of issues 11 and 20: the attack, what stops it, and the test cases written for it (named in test/reliability/trust-boundaries.json; Cases counts them).',
    '',
    '| Defect | Attack | What stops it | Tests | Cases |',
    '|---|---|---|---|---:|',
    ...rows.map((row) => {
      const tests = row.tests
        ? Object.entries(row.tests)
            .map(([file, titles]) => `${file} (${titles.length})`)
            .join(', ')
        : row.stoppedBy;
      return `| ${cell(row.defect)} | ${cell(row.attack)} | ${cell(row.stoppedBy)} | ${cell(tests)} | ${caseCount(row) ?? ''} |`;
    }),
    '',
  ];
}
