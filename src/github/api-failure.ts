/**
 * Misconfigurations that reach us as API errors — a token without a permission (403 "Resource not
 * accessible by integration"), a bad token (401), an API that cannot be reached — told in one
 * line that names the cause and the fix, instead of a stack trace. Anything else is not ours to
 * explain here: undefined.
 */
import { httpStatus } from './client.js';

/** Who holds the credentials: the fix differs (a workflow's `permissions:` vs the App's settings). */
export type Face = 'action' | 'app';

interface RequestLike {
  method?: string;
  url?: string;
}

/** The permission a REST route needs, by the first path segment after `/repos/{owner}/{repo}/`. */
const SCOPE_OF_SEGMENT: Record<string, string> = {
  issues: 'issues',
  labels: 'issues',
  'check-runs': 'checks',
  'check-suites': 'checks',
  actions: 'actions',
  dispatches: 'contents',
  contents: 'contents',
  git: 'contents',
  branches: 'contents',
  pulls: 'pull-requests',
  statuses: 'statuses',
};

/** `commits/{ref}/check-runs` reads checks, not contents. */
function scopeOf(path: string): string | undefined {
  const rest = /^\/repos\/[^/]+\/[^/]+\/(.*)$/.exec(path)?.[1];
  if (rest === undefined) return undefined;
  if (/^commits\/[^/]+\/check-runs/.test(rest)) return 'checks';
  return SCOPE_OF_SEGMENT[rest.split('/')[0] ?? ''];
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** The network error code somewhere in the cause chain (fetch wraps it in "fetch failed"). */
function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    const message = (current as { message?: unknown }).message;
    const inMessage =
      typeof message === 'string' ? /\b(E[A-Z]+|UND_ERR_[A-Z_]+)\b/.exec(message)?.[1] : undefined;
    if (inMessage && NETWORK_CODES.has(inMessage)) return inMessage;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function requestOf(error: unknown): RequestLike {
  const request = (error as { request?: RequestLike } | null)?.request;
  return request && typeof request === 'object' ? request : {};
}

/** `POST /repos/acme/widgets/issues/7/comments`: the route without origin, prefix or query. */
function routeOf(request: RequestLike): { method: string; path: string; origin?: string } {
  const method = (request.method ?? 'GET').toUpperCase();
  if (!request.url) return { method, path: '' };
  try {
    const url = new URL(request.url);
    // GitHub Enterprise Server serves the API under /api/v3.
    const path = url.pathname.replace(/^\/api\/v3(?=\/)/, '');
    return { method, path: safeDecode(path), origin: url.origin };
  } catch {
    return { method, path: request.url };
  }
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** GitHub's own answer to "which permission?": `x-accepted-github-permissions: issues=write`. */
function acceptedPermission(error: unknown): string | undefined {
  const headers = (error as { response?: { headers?: Record<string, unknown> } } | null)?.response?.headers;
  const accepted = headers?.['x-accepted-github-permissions'];
  if (typeof accepted !== 'string' || accepted.trim() === '') return undefined;
  // Alternatives are separated by `;`, the permissions of one by `,`: the first names a fix.
  const [scope, level] = (accepted.split(';')[0]?.split(',')[0] ?? '').trim().split('=');
  return scope && level ? `${scope.replace(/_/g, '-')}: ${level}` : undefined;
}

function responseMessage(error: unknown): string | undefined {
  const message = (error as { response?: { data?: { message?: unknown } } } | null)?.response?.data?.message;
  return typeof message === 'string' ? message : undefined;
}

export function describeApiFailure(error: unknown, face: Face): string | undefined {
  const request = requestOf(error);
  const { method, path, origin } = routeOf(request);
  const call = path ? `${method} ${path}` : 'a request';
  const status = httpStatus(error);

  const code = networkCode(error);
  if (code) {
    const where = origin ?? 'the GitHub API';
    return face === 'action'
      ? `Could not reach the GitHub API at ${where} (${code}) for ${call}: check GITHUB_API_URL (the runner sets it; on GitHub Enterprise Server it is https://HOST/api/v3) and that the runner can reach that host.`
      : `Could not reach GitHub at ${where} (${code}) for ${call}: check GHE_HOST/GHE_PROTOCOL (unset for github.com) and that this server can reach that host.`;
  }

  if (status === 401) {
    const why = responseMessage(error) ?? 'Bad credentials';
    return face === 'action'
      ? `GitHub refused the token (401 ${why}) for ${call}: set the \`github-token\` input to a valid token, or remove it to use the job's own \`github.token\`.`
      : `GitHub refused the App's credentials (401 ${why}) for ${call}: check APP_ID and PRIVATE_KEY (the App's id and a private key generated in its settings).`;
  }

  const message = responseMessage(error) ?? '';
  if (status === 403 && /resource not accessible by (integration|personal access token)/i.test(message)) {
    const scope = scopeOf(path);
    const level = method === 'GET' || method === 'HEAD' ? 'read' : 'write';
    const permission = acceptedPermission(error) ?? (scope ? `${scope}: ${level}` : undefined);
    if (face === 'action') {
      return permission
        ? `GitHub refused ${call} (403 ${message}): the job's token lacks \`${permission}\`; add it to the workflow's \`permissions:\` block.`
        : `GitHub refused ${call} (403 ${message}): the job's token lacks a permission; see the \`permissions:\` block in Molecular's README.`;
    }
    return permission
      ? `GitHub refused ${call} (403 ${message}): the App lacks the \`${permission}\` permission; grant it in the App's settings and accept it on the installation.`
      : `GitHub refused ${call} (403 ${message}): the App lacks a permission; compare its settings with app.yml.`;
  }
  return undefined;
}
