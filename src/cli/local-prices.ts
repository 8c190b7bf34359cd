/**
 * The `prices` table of `.github/molecular.yml`, read from the repository's working tree: what an
 * agent whose CLI reports tokens but no USD costs (as the Action reads it from the default branch).
 * No file, or one that is not YAML, prices nothing (a `usd` budget on such an agent is then
 * refused); a `prices` table that is there but wrong is one line naming the entry, since a price
 * silently dropped would turn a budget off.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { err, ok, type PriceTable, PriceTableSchema, type Result } from '../engine/index.js';

const CONFIG_PATH = '.github/molecular.yml';

export async function localPrices(repoDir: string): Promise<Result<PriceTable | undefined>> {
  const text = await readFile(join(repoDir, CONFIG_PATH), 'utf8').catch(() => undefined);
  if (text === undefined) return ok(undefined);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length > 0) return ok(undefined);
  const prices = (doc.toJS() as { prices?: unknown } | null)?.prices;
  if (prices === undefined || prices === null) return ok(undefined);
  const parsed = PriceTableSchema.safeParse(prices);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const at = ['prices', ...(issue?.path ?? []).map(String)];
  const message =
    issue?.code === 'unrecognized_keys'
      ? `unknown key "${[...at, issue.keys[0]].join('.')}"; a price has input and output (USD per million tokens)`
      : `"${at.join('.')}" must be ${at.length === 1 ? 'a mapping of models or presets to prices' : at.length === 2 ? 'a mapping with input and output (USD per million tokens)' : 'a number of at least 0 (USD per million tokens)'}`;
  // file:line:col of the entry, or of the nearest part of it that is there (a missing key's map).
  for (let n = at.length; n > 0; n--) {
    const node = doc.getIn(at.slice(0, n), true) as { range?: [number, number] } | undefined;
    if (node?.range === undefined) continue;
    const { line, col } = lines.linePos(node.range[0]);
    return err('config-invalid', message, { file: CONFIG_PATH, line, col });
  }
  return err('config-invalid', message, { file: CONFIG_PATH });
}
