import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, parseConfig } from '../../../src/github/config.js';
import { defaultLimits } from '../../../src/shell/pour.js';

describe('budget in .github/molecular.yml', () => {
  it('is a default budget with the contract names, and a misspelt limit is an error', () => {
    const config = parseConfig('budget:\n  usd: 5\n  time: 45m\n');
    expect(config.ok && config.value.budget).toEqual({ usd: 5, time: '45m' });
    const bad = parseConfig('budget:\n  dollars: 5\n');
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.error.message).toContain('dollars');
  });

  it('holds only where the formula sets no limit of its own', () => {
    expect(defaultLimits({ usd: 5, turns: 80 }, { turns: 10 })).toEqual({ usd: 5 });
    expect(defaultLimits({ turns: 80 }, { turns: 10 })).toBeUndefined();
    expect(defaultLimits(undefined, { usd: 1 })).toBeUndefined();
  });
});

describe('prices in .github/molecular.yml', () => {
  it('is USD per million tokens by model or preset, input and output', () => {
    const config = parseConfig(
      'prices:\n  gpt-5: { input: 1.25, output: 10 }\n  gemini: { input: 0.3, output: 2.5 }\n',
    );
    expect(config.ok && config.value.prices).toEqual({
      'gpt-5': { input: 1.25, output: 10 },
      gemini: { input: 0.3, output: 2.5 },
    });
    expect(parseConfig('label_prefix: "f:"\n').ok && DEFAULT_CONFIG.prices).toBeUndefined();
  });

  it('says in one line which entry is wrong, with where it is', () => {
    const missing = parseConfig('prices:\n  gpt-5: { input: 1.25 }\n');
    expect(missing.ok ? '' : missing.error.message).toBe(
      '.github/molecular.yml: "prices.gpt-5.output" must be a number',
    );
    const typo = parseConfig('prices:\n  gpt-5:\n    input: 1.25\n    output: 10\n    cached: 0.125\n');
    expect(typo.ok ? undefined : typo.error).toMatchObject({
      message: '.github/molecular.yml: unknown key "prices.gpt-5.cached"; known keys there: input, output',
      line: 5,
      col: 5,
    });
    const negative = parseConfig('prices:\n  codex: { input: -1, output: 10 }\n');
    expect(negative.ok ? '' : negative.error.message).toMatch(
      /^\.github\/molecular\.yml: "prices\.codex\.input" is invalid/,
    );
    for (const bad of [missing, typo, negative]) expect(bad.ok ? '' : bad.error.message).not.toContain('\n');
  });
});
