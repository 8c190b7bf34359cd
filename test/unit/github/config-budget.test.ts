import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/github/config.js';
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
