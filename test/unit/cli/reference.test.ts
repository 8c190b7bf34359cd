/**
 * docs/cli.md is generated from the verbs' descriptors: this fails (so CI fails) when a verb,
 * option or example changed and `npm run docs:cli` was not run.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliReference } from '../../../src/cli/reference.js';
import { usageLine } from '../../../src/cli/verb-spec.js';
import { SHOWN_VERBS, VERBS } from '../../../src/cli/verbs.js';

const FILE = resolve(import.meta.dirname, '../../../docs/cli.md');

describe('docs/cli.md', () => {
  it('is what npm run docs:cli writes from the descriptors (run it when this fails)', async () => {
    expect(await readFile(FILE, 'utf8')).toBe(cliReference(VERBS));
  });

  it('has every shown verb with its usage line and every option, and no hidden one', () => {
    const text = cliReference(VERBS);
    for (const verb of SHOWN_VERBS) {
      expect(text).toContain(`## mol ${verb.name}\n\n\`\`\`\n${usageLine(verb)}\n\`\`\``);
      for (const option of verb.options) expect(text).toContain(`--${option.name}`);
    }
    expect(text).not.toContain('__complete');
  });

  it('every verb has a summary, at least one example that calls mol, and no option named twice', () => {
    for (const verb of VERBS.filter((v) => !v.hidden)) {
      expect(verb.summary, verb.name).toMatch(/^[a-z]/);
      expect(verb.examples.length, verb.name).toBeGreaterThan(0);
      const calls = new RegExp(`\\bmol ${verb.name === 'version' ? '(version|--version)' : verb.name}\\b`);
      expect(
        verb.examples.some((e) => calls.test(e)),
        verb.name,
      ).toBe(true);
      const names = verb.options.map((o) => o.name);
      expect(new Set(names).size, verb.name).toBe(names.length);
      const shorts = verb.options.flatMap((o) => (o.short === undefined ? [] : [o.short]));
      expect(new Set(shorts).size, verb.name).toBe(shorts.length);
    }
  });
});
