/**
 * Budgets: how much an agent may spend, for the whole molecule (the formula's `budget`) and for
 * one step (the step's). `usd`, `tokens` (in and out together), `turns` and `time` (how long agents
 * ran) are the limits, any subset. A limit raised by a person (`mol budget`, `/mol budget`) is kept
 * on the molecule or the step and wins over the formula's. Pure rules: the runner measures and asks
 * here whether a reading reached a limit; the engine pauses the molecule when one did.
 */
import { z } from 'zod';
import { parseDuration } from '../duration.js';
import { tokensOf, type Usage } from './usage.js';

export const BUDGET_LIMITS = ['usd', 'tokens', 'turns', 'time'] as const;
export type BudgetLimit = (typeof BUDGET_LIMITS)[number];

const duration = z.string().regex(/^(\d+(\.\d+)?(ms|s|m|h|d|w))+$/, 'a duration such as "30m", "2h" or "1d"');

export const BudgetSchema = z.object({
  usd: z.number().positive().optional(),
  tokens: z.number().int().positive().optional(),
  turns: z.number().int().positive().optional(),
  time: duration.optional(),
});
export type Budget = z.infer<typeof BudgetSchema>;

/** The budgets that hold for one step: the molecule's and the step's own. */
export interface Budgets {
  molecule?: Budget;
  step?: Budget;
}

/** What has been spent so far: by the whole molecule and by the step (every attempt). */
export interface Spent {
  molecule: Usage;
  step: Usage;
}

export interface Crossing {
  scope: 'molecule' | 'step';
  limit: BudgetLimit;
  /** The limit, in its unit (USD, tokens, turns, milliseconds). */
  of: number;
  spent: number;
}

/** The formula's budget with a person's raises over it, field by field. */
export function mergeBudget(base: Budget | undefined, over: Budget | undefined): Budget | undefined {
  if (base === undefined) return over;
  if (over === undefined) return base;
  return { ...base, ...over };
}

export function hasLimits(budgets: Budgets): boolean {
  return [budgets.molecule, budgets.step].some((b) => b !== undefined && Object.keys(b).length > 0);
}

function amount(limit: BudgetLimit, usage: Usage): number {
  switch (limit) {
    case 'usd':
      return usage.cost_usd ?? 0;
    case 'tokens':
      return tokensOf(usage) ?? 0;
    case 'turns':
      return usage.turns ?? 0;
    case 'time':
      return usage.time_ms ?? 0;
  }
}

function limitOf(budget: Budget | undefined, limit: BudgetLimit): number | undefined {
  if (budget === undefined) return undefined;
  if (limit === 'time') return budget.time === undefined ? undefined : parseDuration(budget.time);
  return budget[limit];
}

/**
 * The first limit the spending reached (a limit is an amount not to go past: once it is reached,
 * nothing more may be spent), the step's before the molecule's.
 */
export function reachedLimit(budgets: Budgets, spent: Spent): Crossing | undefined {
  for (const scope of ['step', 'molecule'] as const) {
    const usage = spent[scope];
    for (const limit of BUDGET_LIMITS) {
      const of = limitOf(budgets[scope], limit);
      if (of === undefined) continue;
      const used = amount(limit, usage);
      if (used >= of) return { scope, limit, of, spent: used };
    }
  }
  return undefined;
}

/** How much of each limit is left (never below zero); undefined where there is no limit. */
export function budgetLeft(budget: Budget | undefined, usage: Usage): Partial<Record<BudgetLimit, number>> {
  const left: Partial<Record<BudgetLimit, number>> = {};
  for (const limit of BUDGET_LIMITS) {
    const of = limitOf(budget, limit);
    if (of !== undefined) left[limit] = Math.max(0, of - amount(limit, usage));
  }
  return left;
}

/** The time an agent may still run before a `time` limit is reached; undefined: no time limit. */
export function timeLeftMs(budgets: Budgets, spent: Spent): number | undefined {
  const left = [
    budgetLeft(budgets.step, spent.step).time,
    budgetLeft(budgets.molecule, spent.molecule).time,
  ].filter((ms): ms is number => ms !== undefined);
  return left.length === 0 ? undefined : Math.min(...left);
}

/** The limits that hold while the agent cannot report what they count (time is always measured). */
export function unreadableLimits(budgets: Budgets, readable: ReadonlySet<BudgetLimit>): BudgetLimit[] {
  const limits = new Set<BudgetLimit>();
  for (const budget of [budgets.step, budgets.molecule]) {
    for (const limit of BUDGET_LIMITS) {
      if (limit !== 'time' && limitOf(budget, limit) !== undefined && !readable.has(limit)) limits.add(limit);
    }
  }
  return [...limits];
}

/** `usd: $5.20 spent of $5` — the limit named with the amount spent. */
export function describeCrossing(c: Crossing): string {
  const whose = c.scope === 'molecule' ? "the molecule's" : "the step's";
  return `${whose} ${c.limit} budget is spent: ${formatAmount(c.limit, c.spent)} of ${formatAmount(c.limit, c.of)}`;
}

export function formatAmount(limit: BudgetLimit, n: number): string {
  switch (limit) {
    case 'usd':
      return `$${Number(n.toFixed(n < 1 ? 4 : 2))}`;
    case 'tokens':
      return `${n} tokens`;
    case 'turns':
      return `${n} turn${n === 1 ? '' : 's'}`;
    case 'time':
      return `${Math.round(n / 1000)}s`;
  }
}

/**
 * `usd=10 tokens=2000000 time=1h`: a budget from words (the CLI's `mol budget`, `/mol budget`, a
 * `--budget` default). One clear sentence for the first word that is not a limit.
 */
export function parseBudgetWords(
  words: readonly string[],
): { ok: true; value: Budget } | { ok: false; message: string } {
  const raw: Record<string, unknown> = {};
  for (const word of words.flatMap((w) => w.split(',')).filter((w) => w !== '')) {
    const m = /^([a-z_]+)=(.+)$/.exec(word.trim());
    if (!m)
      return {
        ok: false,
        message: `"${word}" is not a limit: write usd=10, tokens=2000000, turns=80 or time=45m`,
      };
    const [, key, value] = m as unknown as [string, string, string];
    if (!(BUDGET_LIMITS as readonly string[]).includes(key))
      return {
        ok: false,
        message: `"${key}" is not a budget limit; the limits are ${BUDGET_LIMITS.join(', ')}`,
      };
    raw[key] = key === 'time' ? value : Number(value.replace(/_/g, ''));
  }
  if (Object.keys(raw).length === 0) return { ok: false, message: 'give at least one limit, such as usd=10' };
  const parsed = BudgetSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const key = String(issue?.path[0] ?? '');
  const what =
    key === 'time'
      ? 'a duration such as 45m'
      : key === 'usd'
        ? 'a positive number'
        : 'a positive whole number';
  return { ok: false, message: `${key} must be ${what}, got "${String(raw[key])}"` };
}
