import { describe, expect, it } from 'vitest';
import { PriceTableSchema, pricedUsage, priceFor } from '../../../../src/engine/index.js';

const table = PriceTableSchema.parse({
  'gpt-5': { input: 1.25, output: 10 },
  codex: { input: 2, output: 20 },
});

describe('prices', () => {
  it('costs a reading as tokens × USD per million tokens, in and out apart', () => {
    expect(pricedUsage({ tokens_in: 1000, tokens_out: 100, turns: 1 }, table['gpt-5'])).toEqual({
      tokens_in: 1000,
      tokens_out: 100,
      turns: 1,
      cost_usd: 0.00225,
    });
    expect(pricedUsage({ tokens_out: 1_000_000 }, table.codex)).toEqual({
      tokens_out: 1_000_000,
      cost_usd: 20,
    });
  });

  it('keeps the cost the CLI reported, and adds none without a price or without tokens', () => {
    expect(pricedUsage({ tokens_in: 1000, cost_usd: 0.5 }, table.codex)).toEqual({
      tokens_in: 1000,
      cost_usd: 0.5,
    });
    expect(pricedUsage({ tokens_in: 1000 }, undefined)).toEqual({ tokens_in: 1000 });
    expect(pricedUsage({ turns: 1 }, table.codex)).toEqual({ turns: 1 });
  });

  it('finds the first name the table prices: the model before the preset', () => {
    expect(priceFor(table, ['gpt-5', 'codex'])).toEqual({ input: 1.25, output: 10 });
    expect(priceFor(table, ['gpt-4o', 'codex'])).toEqual({ input: 2, output: 20 });
    expect(priceFor(table, [undefined, 'codex'])).toEqual({ input: 2, output: 20 });
    expect(priceFor(table, ['gemini-2.5-pro', 'gemini'])).toBeUndefined();
    expect(priceFor(undefined, ['codex'])).toBeUndefined();
    // An own entry only: a model named like an Object property has no price.
    expect(priceFor(table, ['toString', 'constructor'])).toBeUndefined();
  });
});
