/**
 * Gemini CLI's `--output-format stream-json` (packages/core/src/output/types.ts): `message`
 * events with `role` and `content` (chunks when `delta` is true), and a last `result` event whose
 * `stats` hold `input_tokens` and `output_tokens` for the run. It reports neither cost nor turns;
 * the first event, `init`, names the `model` (what a price is looked up by).
 */
import { count, jsonLine, type LineReading, record, textLine, type UsageReader } from './usage-reader.js';

export function geminiStreamReader(): UsageReader {
  return {
    readable: new Set(['tokens']),
    line(line: string): LineReading {
      const event = jsonLine(line);
      if (event === undefined) return { text: line };
      if (event.type === 'init')
        return typeof event.model === 'string' && event.model !== ''
          ? { text: '', model: event.model }
          : { text: '' };
      if (event.type === 'message' && event.role === 'assistant' && typeof event.content === 'string')
        return { text: event.delta === true ? event.content : textLine(event.content) };
      if (event.type === 'error' && typeof event.message === 'string')
        return { text: textLine(event.message) };
      if (event.type === 'result') {
        const stats = record(event.stats);
        return stats === undefined
          ? { text: '\n' }
          : {
              text: '\n',
              usage: { tokens_in: count(stats.input_tokens), tokens_out: count(stats.output_tokens) },
            };
      }
      return { text: '' };
    },
  };
}
