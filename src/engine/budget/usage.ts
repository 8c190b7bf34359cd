/**
 * What an agent used: tokens in and out, the USD its CLI reported, its turns, and how long it ran.
 * The names are the contract of `$MOL_USAGE_FILE` and of a checkpoint's `usage`. A reading is the
 * usage since the reading before; a step's usage is the sum of its attempts' readings, and a
 * molecule's the sum of its steps'.
 */
import { z } from 'zod';

export const UsageSchema = z.object({
  tokens_in: z.number().int().min(0).optional(),
  tokens_out: z.number().int().min(0).optional(),
  cost_usd: z.number().min(0).optional(),
  turns: z.number().int().min(0).optional(),
  /** Milliseconds the agent ran (the `time` limit counts these). */
  time_ms: z.number().int().min(0).optional(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const USAGE_FIELDS = ['tokens_in', 'tokens_out', 'cost_usd', 'turns', 'time_ms'] as const;
export type UsageField = (typeof USAGE_FIELDS)[number];

/** The sum of readings; a field none of them has stays absent (unknown is not zero). */
export function addUsage(a: Usage | undefined, b: Usage | undefined): Usage {
  const sum: Usage = {};
  for (const field of USAGE_FIELDS) {
    const x = a?.[field];
    const y = b?.[field];
    if (x === undefined && y === undefined) continue;
    // USD sums keep 6 decimals so 0.1 + 0.2 reads as 0.3 in a status line and a budget check.
    const total = (x ?? 0) + (y ?? 0);
    sum[field] = field === 'cost_usd' ? Math.round(total * 1e6) / 1e6 : total;
  }
  return sum;
}

/** Tokens in and out together: what a `tokens` limit counts. */
export function tokensOf(usage: Usage | undefined): number | undefined {
  if (usage?.tokens_in === undefined && usage?.tokens_out === undefined) return undefined;
  return (usage.tokens_in ?? 0) + (usage.tokens_out ?? 0);
}

export function isEmptyUsage(usage: Usage | undefined): boolean {
  return usage === undefined || USAGE_FIELDS.every((f) => usage[f] === undefined);
}

/** The usage of every step of a molecule, added up. */
export function moleculeUsage(steps: readonly { usage?: Usage | undefined }[]): Usage {
  let total: Usage = {};
  for (const step of steps) if (step.usage !== undefined) total = addUsage(total, step.usage);
  return total;
}

/** `12.3k tokens, $0.42, 7 turns, 3m 10s`: what a person reads in a table or a line. */
export function describeUsage(usage: Usage | undefined): string {
  if (isEmptyUsage(usage)) return '';
  const parts: string[] = [];
  const tokens = tokensOf(usage);
  if (tokens !== undefined) parts.push(`${compactCount(tokens)} tokens`);
  if (usage?.cost_usd !== undefined) parts.push(formatUsd(usage.cost_usd));
  if (usage?.turns !== undefined) parts.push(`${usage.turns} turn${usage.turns === 1 ? '' : 's'}`);
  if (usage?.time_ms !== undefined) parts.push(formatMs(usage.time_ms));
  return parts.join(', ');
}

export function formatUsd(usd: number): string {
  return `$${usd < 1 && usd > 0 ? usd.toFixed(4).replace(/0{1,2}$/, '') : usd.toFixed(2)}`;
}

function compactCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${Math.round(n / 100) / 10}k`;
  return `${Math.round(n / 100_000) / 10}M`;
}

export function formatMs(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${s % 60}s`;
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}
