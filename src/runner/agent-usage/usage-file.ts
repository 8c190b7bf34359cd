/**
 * `$MOL_USAGE_FILE`: any agent may append JSON lines there, each the usage since the line before —
 * `{"tokens_in": 1200, "tokens_out": 300, "cost_usd": 0.012, "turns": 1}`, any subset of the four.
 * The file is read as it grows (complete lines only) and once more when the agent has ended.
 */
import { open } from 'node:fs/promises';
import type { Usage } from '../../engine/index.js';

const FIELDS = ['tokens_in', 'tokens_out', 'cost_usd', 'turns'] as const;

/** One line of the protocol: its usage, or why it is not one. */
export function parseUsageLine(line: string): { ok: true; usage: Usage } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, message: `not JSON: ${line.slice(0, 80)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: `not a JSON object: ${line.slice(0, 80)}` };
  const usage: Usage = {};
  for (const [key, raw] of Object.entries(value)) {
    if (!(FIELDS as readonly string[]).includes(key))
      return { ok: false, message: `unknown field "${key}"; the fields are ${FIELDS.join(', ')}` };
    const whole = key !== 'cost_usd';
    if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < 0 || (whole && !Number.isInteger(raw)))
      return {
        ok: false,
        message: `"${key}" must be ${whole ? 'a whole number' : 'a number'} of at least 0`,
      };
    usage[key as (typeof FIELDS)[number]] = raw;
  }
  return { ok: true, usage };
}

export interface UsageFileWatch {
  /** Read what was appended since the last look. */
  poll(): Promise<void>;
}

/** Reads the lines appended to `file` since the last poll; a partial last line waits for its end. */
export function usageFileWatch(
  file: string,
  onUsage: (usage: Usage) => void,
  onProblem: (message: string) => void,
): UsageFileWatch {
  let offset = 0;
  let partial = '';
  let polling: Promise<void> = Promise.resolve();
  const read = async () => {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(file, 'r');
    } catch {
      return; // Not written yet.
    }
    try {
      for (;;) {
        const buffer = Buffer.alloc(64 * 1024);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        if (bytesRead === 0) break;
        offset += bytesRead;
        partial += buffer.subarray(0, bytesRead).toString('utf8');
      }
    } finally {
      await handle.close();
    }
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.trim() === '') continue;
      const parsed = parseUsageLine(line);
      if (parsed.ok) onUsage(parsed.usage);
      else onProblem(`$MOL_USAGE_FILE: ${parsed.message}`);
    }
  };
  return {
    poll: () => {
      polling = polling.then(read, read);
      return polling;
    },
  };
}
