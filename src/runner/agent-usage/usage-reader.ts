/**
 * Reading what an agent spends from its own machine-readable output, line by line as it runs. A
 * reader turns each JSON line of the agent's stdout into the text a person reads in the step's log
 * and, when the line reports usage, the usage since the line before (a reading). Lines that are
 * not JSON pass through unchanged.
 */
import type { BudgetLimit, Usage } from '../../engine/index.js';

export interface LineReading {
  /** What the step's log shows for the line ('' shows nothing). */
  text: string;
  usage?: Usage;
  /** The model the agent says it runs, where its format carries it (a price is looked up by it). */
  model?: string;
}

export interface UsageReader {
  /** What the agent's output reports, so a budget on it can hold (time is always measured). */
  readable: ReadonlySet<BudgetLimit>;
  line(line: string): LineReading;
}

/** The line as JSON object, or undefined when it is not one. */
export function jsonLine(line: string): Record<string, unknown> | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A count from the agent's JSON: a finite number at least 0, else 0. */
export function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

export function textLine(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}
