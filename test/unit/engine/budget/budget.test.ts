import { describe, expect, it } from 'vitest';
import {
  addUsage,
  budgetLeft,
  parseBudgetWords,
  reachedLimit,
  timeLeftMs,
  unreadableLimits,
} from '../../../../src/engine/index.js';

describe('reachedLimit', () => {
  it("names the step's limit before the molecule's, with the amount spent", () => {
    const budgets = { molecule: { usd: 5 }, step: { tokens: 1000 } };
    expect(
      reachedLimit(budgets, { molecule: { cost_usd: 6 }, step: { tokens_in: 900, tokens_out: 100 } }),
    ).toEqual({ scope: 'step', limit: 'tokens', of: 1000, spent: 1000 });
    expect(reachedLimit(budgets, { molecule: { cost_usd: 5.01 }, step: { tokens_in: 10 } })).toEqual({
      scope: 'molecule',
      limit: 'usd',
      of: 5,
      spent: 5.01,
    });
    expect(
      reachedLimit(budgets, { molecule: { cost_usd: 4.99 }, step: { tokens_out: 999 } }),
    ).toBeUndefined();
  });

  it('counts time in milliseconds against a duration', () => {
    const budgets = { step: { time: '45m' } };
    expect(reachedLimit(budgets, { molecule: {}, step: { time_ms: 45 * 60_000 } })?.limit).toBe('time');
    expect(timeLeftMs(budgets, { molecule: {}, step: { time_ms: 60_000 } })).toBe(44 * 60_000);
    expect(budgetLeft({ usd: 5, turns: 80 }, { cost_usd: 7, turns: 3 })).toEqual({ usd: 0, turns: 77 });
  });
});

describe('unreadableLimits', () => {
  it('lists what a budget counts that the agent cannot report; time is always measured', () => {
    const budgets = { molecule: { usd: 5, time: '1h' }, step: { turns: 3 } };
    expect(unreadableLimits(budgets, new Set(['tokens']))).toEqual(['turns', 'usd']);
    expect(unreadableLimits(budgets, new Set(['usd', 'turns']))).toEqual([]);
  });
});

describe('addUsage', () => {
  it('keeps unknown fields absent and USD sums exact to the micro-dollar', () => {
    expect(addUsage({ cost_usd: 0.1 }, { cost_usd: 0.2, turns: 1 })).toEqual({ cost_usd: 0.3, turns: 1 });
    expect(addUsage(undefined, {})).toEqual({});
  });
});

describe('parseBudgetWords', () => {
  it('reads the contract names, underscores in numbers, comma lists', () => {
    expect(parseBudgetWords(['usd=10,tokens=2_000_000', 'time=45m'])).toEqual({
      ok: true,
      value: { usd: 10, tokens: 2_000_000, time: '45m' },
    });
  });
  it('refuses other names and bad amounts in one sentence', () => {
    expect(parseBudgetWords(['dollars=5'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('usd, tokens, turns, time'),
    });
    expect(parseBudgetWords(['turns=2.5'])).toMatchObject({
      ok: false,
      message: 'turns must be a positive whole number, got "2.5"',
    });
    expect(parseBudgetWords(['time=soon'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('a duration'),
    });
    expect(parseBudgetWords([])).toMatchObject({ ok: false });
  });
});
