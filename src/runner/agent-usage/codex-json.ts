/**
 * Codex's `codex exec --json`: one thread event per line (codex-rs/exec/src/exec_events.rs).
 * `turn.completed` carries the turn's `usage` (`input_tokens`, of which `cached_input_tokens` were
 * cached, and `output_tokens`); `item.completed` items of type `agent_message` hold the agent's
 * text; `turn.failed` and `error` say what went wrong. Codex reports no cost, nor the model: its
 * price is the one of the agent's `--model` or of the preset (`prices` in .github/molecular.yml).
 */
import { count, jsonLine, type LineReading, record, textLine, type UsageReader } from './usage-reader.js';

export function codexJsonReader(): UsageReader {
  return {
    readable: new Set(['tokens', 'turns']),
    line(line: string): LineReading {
      const event = jsonLine(line);
      if (event === undefined) return { text: line };
      switch (event.type) {
        case 'turn.completed': {
          const usage = record(event.usage);
          return {
            text: '',
            usage: {
              tokens_in: count(usage?.input_tokens),
              tokens_out: count(usage?.output_tokens),
              turns: 1,
            },
          };
        }
        case 'item.completed': {
          const item = record(event.item);
          return item?.type === 'agent_message' && typeof item.text === 'string'
            ? { text: textLine(item.text) }
            : { text: '' };
        }
        case 'turn.failed':
          return { text: textLine(String(record(event.error)?.message ?? 'the turn failed')) };
        case 'error':
          return { text: textLine(String(event.message ?? 'error')) };
        default:
          return { text: '' };
      }
    },
  };
}
