import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

const action = parseYaml(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
  name: string;
  description: string;
  runs: { using: string; main: string };
};

describe('action.yml as the Marketplace reads it', () => {
  it('has a one-line description the Marketplace accepts (at most 125 characters)', () => {
    expect(typeof action.description).toBe('string');
    expect(action.description).not.toMatch(/\n/);
    expect(action.description.trim().length).toBeGreaterThan(0);
    expect([...action.description].length).toBeLessThanOrEqual(125);
  });

  it('runs the committed bundle on the node24 runtime', () => {
    expect(action.runs.using).toBe('node24');
    expect(existsSync(new URL(`../../${action.runs.main}`, import.meta.url))).toBe(true);
  });
});
