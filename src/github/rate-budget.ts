/**
 * The rate budget a face knows: how many requests it sent, and what GitHub's `x-ratelimit-*`
 * headers last said (remaining, limit, reset). The workflow token has 1,000 requests an hour per
 * repository, an App installation at least 5,000; a face that sees the budget nearly spent says so
 * and defers what can wait (patrol) rather than run out halfway through a write.
 *
 * `rateBudget` is an Octokit plugin like secondary-limit.ts: it hooks the client once and feeds a
 * RateBudget, which the App keeps per installation (so its patrol timer knows what the webhooks
 * saw) and the Action per job.
 */

/** Below this many requests left, a face defers what can wait: about what one molecule step needs, twice. */
export const LOW_BUDGET_REQUESTS = 50;
/** …or below this share of the limit, whichever is larger. */
const LOW_BUDGET_SHARE = 0.05;

export interface RateBudgetView {
  /** Requests this face sent through the client (each retry counts: GitHub counts it). */
  requests: number;
  remaining?: number;
  limit?: number;
  resetAt?: Date;
}

export class RateBudget {
  requests = 0;
  remaining: number | undefined;
  limit: number | undefined;
  resetAt: Date | undefined;

  /** What one answer's headers said; a header missing (an Enterprise server without limits) changes nothing. */
  observe(headers: Record<string, unknown> | undefined): void {
    const number = (name: string) => {
      const value = Number(headers?.[name]);
      return headers?.[name] !== undefined && Number.isFinite(value) ? value : undefined;
    };
    const remaining = number('x-ratelimit-remaining');
    if (remaining === undefined) return;
    this.remaining = remaining;
    this.limit = number('x-ratelimit-limit') ?? this.limit;
    const reset = number('x-ratelimit-reset');
    if (reset !== undefined) this.resetAt = new Date(reset * 1000);
  }

  /** True when the last answer left too little to spend on what can wait. */
  low(): boolean {
    if (this.remaining === undefined) return false;
    const floor = Math.max(LOW_BUDGET_REQUESTS, Math.ceil((this.limit ?? 0) * LOW_BUDGET_SHARE));
    return this.remaining < floor;
  }

  view(): RateBudgetView {
    return {
      requests: this.requests,
      ...(this.remaining !== undefined ? { remaining: this.remaining } : {}),
      ...(this.limit !== undefined ? { limit: this.limit } : {}),
      ...(this.resetAt !== undefined ? { resetAt: this.resetAt } : {}),
    };
  }

  /** `12 of 1000 API requests left until 15:04 UTC`, or `unknown` before any answer. */
  describe(): string {
    if (this.remaining === undefined) return 'rate budget unknown';
    const of = this.limit !== undefined ? ` of ${this.limit}` : '';
    const until = this.resetAt ? ` until ${this.resetAt.toISOString().slice(11, 16)} UTC` : '';
    return `${this.remaining}${of} API requests left${until}`;
  }
}

/** The slice of an Octokit the plugin hooks. */
export interface BudgetHookable {
  hook: {
    after: (name: 'request', hook: (response: { headers?: Record<string, unknown> }) => void) => void;
    error: (name: 'request', hook: (error: unknown) => unknown) => void;
    before: (name: 'request', hook: () => void) => void;
  };
}

const BUDGET = Symbol.for('molecular.rate-budget');

/** Feeds `budget` from every request `octokit` sends; once per client. Returns the budget it feeds. */
export function trackBudget(octokit: object, budget: RateBudget = new RateBudget()): RateBudget {
  const marked = octokit as Record<symbol, RateBudget | undefined>;
  const existing = marked[BUDGET];
  if (existing) return existing;
  marked[BUDGET] = budget;
  const hookable = octokit as BudgetHookable;
  hookable.hook.before('request', () => {
    budget.requests++;
  });
  hookable.hook.after('request', (response) => budget.observe(response.headers));
  hookable.hook.error('request', (error) => {
    budget.observe((error as { response?: { headers?: Record<string, unknown> } }).response?.headers);
    throw error;
  });
  return budget;
}

/** The budget a client feeds, if it was tracked. */
export function budgetOf(octokit: object): RateBudget | undefined {
  return (octokit as Record<symbol, RateBudget | undefined>)[BUDGET];
}
