/**
 * Claude Code's `claude -p --output-format stream-json --verbose`: one JSON message per line. An
 * `assistant` message carries the API message (`message.id`, `message.content`, `message.usage`
 * with `input_tokens`, `cache_creation_input_tokens`, `cache_read_input_tokens`, `output_tokens`);
 * a message split over several lines (parallel tool use) repeats the same id and usage, so it counts
 * once. The last line, `type: "result"`, carries the run's totals: `total_cost_usd`, `num_turns`
 * and `usage`. The first line, `system` `init`, names the `model`. Its totals are what is recorded: the reading on it is what the totals add beyond the
 * readings before. (Agent SDK reference, SDKAssistantMessage and SDKResultMessage; "Tracking costs
 * and usage" for the per-message deduplication.)
 */
import type { Usage } from '../../engine/index.js';
import { count, jsonLine, type LineReading, record, textLine, type UsageReader } from './usage-reader.js';

export function claudeStreamReader(): UsageReader {
  const seen = new Set<string>();
  let tokensIn = 0;
  let tokensOut = 0;
  let turns = 0;
  return {
    readable: new Set(['usd', 'tokens', 'turns']),
    line(line: string): LineReading {
      const msg = jsonLine(line);
      if (msg === undefined) return { text: line };
      if (msg.type === 'system' && msg.subtype === 'init')
        return typeof msg.model === 'string' && msg.model !== ''
          ? { text: '', model: msg.model }
          : { text: '' };
      if (msg.type === 'assistant') {
        const message = record(msg.message);
        const text = contentText(message?.content);
        const id = typeof message?.id === 'string' ? message.id : undefined;
        const usage = record(message?.usage);
        if (usage === undefined || (id !== undefined && seen.has(id))) return { text };
        if (id !== undefined) seen.add(id);
        const reading: Usage = {
          tokens_in: inputTokens(usage),
          tokens_out: count(usage.output_tokens),
          turns: 1,
        };
        tokensIn += reading.tokens_in ?? 0;
        tokensOut += reading.tokens_out ?? 0;
        turns += 1;
        return { text, usage: reading };
      }
      if (msg.type === 'result') {
        const usage = record(msg.usage);
        const reading: Usage = {};
        if (typeof msg.total_cost_usd === 'number') reading.cost_usd = count(msg.total_cost_usd);
        if (typeof msg.num_turns === 'number') reading.turns = Math.max(0, count(msg.num_turns) - turns);
        if (usage !== undefined) {
          reading.tokens_in = Math.max(0, inputTokens(usage) - tokensIn);
          reading.tokens_out = Math.max(0, count(usage.output_tokens) - tokensOut);
        }
        const text = msg.is_error === true && typeof msg.result === 'string' ? textLine(msg.result) : '';
        return { text, usage: reading };
      }
      return { text: '' };
    },
  };
}

function inputTokens(usage: Record<string, unknown>): number {
  return (
    count(usage.input_tokens) +
    count(usage.cache_creation_input_tokens) +
    count(usage.cache_read_input_tokens)
  );
}

function contentText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => record(block))
    .filter((block) => block?.type === 'text' && typeof block.text === 'string')
    .map((block) => textLine(block?.text as string))
    .join('');
}
