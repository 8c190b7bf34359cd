/**
 * The `prices` table of `.github/molecular.yml`, read from the repository's working tree: what an
 * agent whose CLI reports tokens but no USD costs (as the Action reads it from the default branch).
 * No file, or one that is not YAML, prices nothing (a `usd` budget on such an agent is then
 * refused); a `prices` table that is there but wrong is one line naming the entry, since a price
 * silently dropped would turn a budget off.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { err, ok, type PriceTable, PriceTableSchema, type Result } from '../engine/index.js';

const CONFIG_PATH = '.github/molecular.yml';

export async function localPrices(repoDir: string): Promise<Result<PriceTable | undefined>> {
  const text = await readFile(join(repoDir, CONFIG_PATH), 'utf8').catch(() => undefined);
  if (text === undefined) return ok(undefined);
  let doc: unknown;
  try {
    doc = parse(text);
  } catch {
    return ok(undefined);
  }
  const prices = (doc as { prices?: unknown } | null)?.prices;
  if (prices === undefined || prices === null) return ok(undefined);
  const parsed = PriceTableSchema.safeParse(prices);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const at = ['prices', ...(issue?.path ?? []).map(String)];
  const message =
    issue?.code === 'unrecognized_keys'
      ? `unknown key "${[...at, issue.keys[0]].join('.')}"; a price has input and output (USD per million tokens)`
      : `"${at.join('.')}" must be ${at.length === 1 ? 'a mapping of models or presets to prices' : at.length === 2 ? 'a mapping with input and output (USD per million tokens)' : 'a number of at least 0 (USD per million tokens)'}`;
  return err('config-invalid', `${CONFIG_PATH}: ${message}`, { file: CONFIG_PATH });
}
