/** Probabilistic faults, drawn per request from a seeded PRNG so a failing run can be replayed. */
export interface Faults {
  /** Share of requests answered 500/502/503 before the handler runs (nothing is written). */
  rate5xx?: number;
  /** Share answered 403 "secondary rate limit" with `retry-after`. */
  secondaryRateLimit?: number;
  /** Share answered 429 with `retry-after` and an exhausted `x-ratelimit-remaining`. */
  rate429?: number;
  /** Delay before every response. */
  latencyMs?: number;
  /** A read right after a comment write returns the previous version once (eventual consistency). */
  staleReads?: boolean;
  /** `retry-after` for the rate-limit faults; default 1 second so retrying clients stay fast. */
  retryAfterSeconds?: number;
}

export interface FaultRequest {
  method: string;
  path: string;
  operationId: string | null;
}

/** Matches on every given field (a RegExp or exact string for `path`), or a predicate. */
export type FaultMatcher =
  | { method?: string; path?: string | RegExp; operationId?: string }
  | ((request: FaultRequest) => boolean);

export interface FaultResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** mulberry32: tiny, fast, good enough to spread faults; the point is reproducibility. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function matches(matcher: FaultMatcher, request: FaultRequest): boolean {
  if (typeof matcher === 'function') return matcher(request);
  if (matcher.method && matcher.method.toUpperCase() !== request.method) return false;
  if (matcher.operationId && matcher.operationId !== request.operationId) return false;
  if (typeof matcher.path === 'string' && matcher.path !== request.path) return false;
  if (matcher.path instanceof RegExp && !matcher.path.test(request.path)) return false;
  return true;
}

const DOCS = 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api';

export class FaultInjector {
  /** Mutable: tests turn faults on and off between requests. */
  readonly config: Faults;
  private readonly random: () => number;
  private readonly oneShots: Array<{ matcher: FaultMatcher; response: FaultResponse }> = [];

  constructor(seed: number, config: Faults) {
    this.random = seededRandom(seed);
    this.config = config;
  }

  failNext(matcher: FaultMatcher, response: FaultResponse): void {
    this.oneShots.push({ matcher, response });
  }

  /** The fault to answer with instead of handling the request, if any. One draw per request keeps replays aligned. */
  pick(request: FaultRequest): FaultResponse | undefined {
    const index = this.oneShots.findIndex((shot) => matches(shot.matcher, request));
    if (index >= 0) return this.oneShots.splice(index, 1)[0]?.response;
    const { rate5xx = 0, secondaryRateLimit = 0, rate429 = 0, retryAfterSeconds = 1 } = this.config;
    if (rate5xx + secondaryRateLimit + rate429 <= 0) return undefined;
    const draw = this.random();
    if (draw < rate5xx) {
      const status = [500, 502, 503][Math.floor(this.random() * 3)] ?? 502;
      return { status, body: { message: 'Server Error', status: String(status) } };
    }
    const retryAfter = String(retryAfterSeconds);
    if (draw < rate5xx + secondaryRateLimit) {
      return {
        status: 403,
        headers: { 'retry-after': retryAfter },
        body: {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          documentation_url: `${DOCS}#about-secondary-rate-limits`,
          status: '403',
        },
      };
    }
    if (draw < rate5xx + secondaryRateLimit + rate429) {
      const reset = Math.ceil(Date.now() / 1000) + retryAfterSeconds;
      return {
        status: 429,
        headers: {
          'retry-after': retryAfter,
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(reset),
        },
        body: { message: 'API rate limit exceeded', documentation_url: DOCS, status: '429' },
      };
    }
    return undefined;
  }
}
