/**
 * opencode's `opencode run --format json`: one event per line, `{type, timestamp, sessionID, part}`.
 * A `step_finish` event's part (StepFinishPart in opencode's message schema) holds the step's
 * `cost` in USD and its `tokens` (`input`, `output`, `reasoning`, `cache.read`, `cache.write`); a
 * `text` event's part holds the agent's text. Each step_finish is one model turn.
 */
import { count, jsonLine, type LineReading, record, textLine, type UsageReader } from './usage-reader.js';

export function opencodeJsonReader(): UsageReader {
  return {
    readable: new Set(['usd', 'tokens', 'turns']),
    line(line: string): LineReading {
      const event = jsonLine(line);
      if (event === undefined) return { text: line };
      const part = record(event.part);
      if (event.type === 'text' && typeof part?.text === 'string') return { text: textLine(part.text) };
      if (event.type === 'step_finish') {
        const tokens = record(part?.tokens);
        const cache = record(tokens?.cache);
        return {
          text: '',
          usage: {
            tokens_in: count(tokens?.input) + count(cache?.read) + count(cache?.write),
            tokens_out: count(tokens?.output) + count(tokens?.reasoning),
            cost_usd: count(part?.cost),
            turns: 1,
          },
        };
      }
      if (event.type === 'error') return { text: textLine(JSON.stringify(event.error ?? event)) };
      return { text: '' };
    },
  };
}
