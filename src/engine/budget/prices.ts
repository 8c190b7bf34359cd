/**
 * What tokens cost where the agent's CLI reports no USD (codex, gemini): the optional `prices`
 * table of `.github/molecular.yml`, USD per million tokens by model or by agent preset. Nothing
 * here knows a model's price: without an entry there is no cost, and a `usd` budget on that agent
 * cannot be read (fail closed). A cost the CLI reports always wins over the table.
 */
import { z } from 'zod';
import type { Usage } from './usage.js';

export const PriceSchema = z.strictObject({
  /** USD per million input tokens (cached ones too: the cost is an upper bound). */
  input: z.number().min(0),
  /** USD per million output tokens. */
  output: z.number().min(0),
});
export type Price = z.infer<typeof PriceSchema>;

export const PriceTableSchema = z.record(z.string().min(1), PriceSchema);
export type PriceTable = z.infer<typeof PriceTableSchema>;

/** The entry of the first name the table prices: the model before the preset. */
export function priceFor(
  table: PriceTable | undefined,
  names: readonly (string | undefined)[],
): Price | undefined {
  if (table === undefined) return undefined;
  for (const name of names) if (name !== undefined && Object.hasOwn(table, name)) return table[name];
  return undefined;
}

/** The reading with its cost from the price, unless it has one (the CLI's) or there is no price. */
export function pricedUsage(usage: Usage, price: Price | undefined): Usage {
  if (price === undefined || usage.cost_usd !== undefined) return usage;
  if (usage.tokens_in === undefined && usage.tokens_out === undefined) return usage;
  const cost = ((usage.tokens_in ?? 0) * price.input + (usage.tokens_out ?? 0) * price.output) / 1_000_000;
  return { ...usage, cost_usd: cost };
}
