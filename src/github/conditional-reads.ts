/**
 * Conditional REST reads: a GET that was answered with an ETag is sent again with If-None-Match,
 * and GitHub's `304 Not Modified` (which does not count against the rate limit) is answered with
 * the response kept from before. An ETag names the exact representation, so the kept response is
 * what GitHub would have sent. For the reads a process repeats: the App's config and permission
 * look-ups after their minute in cache, lease refs read while waiting. GraphQL (a POST) is not
 * conditional on GitHub.
 *
 * The kept responses are the caller's (`ReadCache`): the App keeps one per installation, since it
 * rebuilds its client per delivery; the Action's job has one for its client.
 */
import { httpStatus } from './client.js';

const DEFAULT_ENTRIES = 200;

interface KeptResponse {
  etag: string;
  response: { status: number; url: string; headers: Record<string, unknown>; data: unknown };
}

/** Responses by URL (and media type), least recently used dropped first. */
export class ReadCache {
  private readonly kept = new Map<string, KeptResponse>();
  /** 304s answered from here (for the bench and the logs). */
  notModified = 0;

  constructor(private readonly max = DEFAULT_ENTRIES) {}

  get(key: string): KeptResponse | undefined {
    const found = this.kept.get(key);
    if (found) {
      this.kept.delete(key);
      this.kept.set(key, found);
    }
    return found;
  }

  set(key: string, value: KeptResponse): void {
    this.kept.delete(key);
    this.kept.set(key, value);
    if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value as string);
  }
}

type Request = (options: Record<string, unknown>) => Promise<KeptResponse['response']>;

interface Wrappable {
  request: {
    endpoint: {
      parse: (options: Record<string, unknown>) => {
        method: string;
        url: string;
        headers: Record<string, unknown>;
      };
    };
  };
  hook: {
    wrap: (
      name: 'request',
      hook: (request: Request, options: Record<string, unknown>) => Promise<KeptResponse['response']>,
    ) => void;
  };
}

const INSTALLED = Symbol.for('molecular.conditional-reads');

/** Makes `octokit`'s GETs conditional, keeping responses in `cache`; once per client. */
export function conditionalReads(octokit: object, cache: ReadCache = new ReadCache()): ReadCache {
  const marked = octokit as Record<symbol, ReadCache | undefined>;
  const installed = marked[INSTALLED];
  if (installed) return installed;
  marked[INSTALLED] = cache;
  const client = octokit as Wrappable;
  client.hook.wrap('request', async (request, options) => {
    const parsed = client.request.endpoint.parse(options);
    if (parsed.method !== 'GET') return request(options);
    const key = `${parsed.url} ${String(parsed.headers.accept ?? '')}`;
    const kept = cache.get(key);
    // Octokit's hook chain hands every layer the same options object: the header goes on it.
    if (kept) options.headers = { ...(options.headers as object | undefined), 'if-none-match': kept.etag };
    try {
      const response = await request(options);
      const etag = response.headers.etag;
      if (typeof etag === 'string') cache.set(key, { etag, response });
      return response;
    } catch (error) {
      if (!kept || httpStatus(error) !== 304) throw error;
      cache.notModified++;
      const fresh = (error as { response?: { headers?: Record<string, unknown> } }).response?.headers ?? {};
      return { ...kept.response, headers: { ...kept.response.headers, ...fresh } };
    }
  });
  return cache;
}
