/**
 * The README's CLI reference table names every command `mol help` shows, so a verb added to
 * src/cli/verbs.ts is not missing from the page a newcomer reads first.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHOWN_VERBS } from '../../src/cli/verbs.js';

const ROOT = resolve(import.meta.dirname, '../..');
const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
const from = readme.indexOf('\n## CLI reference\n');
const section = readme.slice(from, readme.indexOf('\n## ', from + 1));

describe('README: CLI reference', () => {
  it('has its section', () => expect(from).toBeGreaterThan(-1));

  it.each(SHOWN_VERBS.map((v) => v.name))('has a row for mol %s', (name) => {
    expect(section).toMatch(new RegExp(`^\\| (?:[^|]*, )?\`mol ${name}[\` ]`, 'm'));
  });
});
