/**
 * The rate budget's reading of GitHub's headers (src/github/rate-budget.ts): what counts as low
 * (under 50 requests, or under 5 % of a large limit), what an answer without the headers changes
 * (nothing), and how it is said.
 */
import { describe, expect, it } from 'vitest';
import { LOW_BUDGET_REQUESTS, RateBudget } from '../../../src/github/rate-budget.js';

const headers = (remaining: number, limit: number, reset = 1_800_000_000) => ({
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-limit': String(limit),
  'x-ratelimit-reset': String(reset),
});

describe('RateBudget', () => {
  it('is not low before any answer, and says it does not know', () => {
    const budget = new RateBudget();
    expect(budget.low()).toBe(false);
    expect(budget.describe()).toBe('rate budget unknown');
  });

  it.each([
    [LOW_BUDGET_REQUESTS - 1, 1000, true],
    [LOW_BUDGET_REQUESTS, 1000, false],
    [249, 5000, true],
    [250, 5000, false],
    [0, 1000, true],
  ])('%i of %i left: low is %s', (remaining, limit, low) => {
    const budget = new RateBudget();
    budget.observe(headers(remaining, limit));
    expect(budget.low()).toBe(low);
  });

  it('keeps the last reading when an answer carries no rate headers, and says it with the reset', () => {
    const budget = new RateBudget();
    budget.observe(headers(20, 1000, Date.UTC(2026, 4, 1, 15, 4) / 1000));
    budget.observe({ etag: '"x"' });
    expect(budget.view()).toMatchObject({ remaining: 20, limit: 1000 });
    expect(budget.describe()).toBe('20 of 1000 API requests left until 15:04 UTC');
  });
});
