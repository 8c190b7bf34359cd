/**
 * Git's smart HTTP at `<origin>/<owner>/<repo>.git`, as GitHub serves it beside its API: a push
 * or a fetch there reaches the test's bare remote through `git http-backend`, so code that takes
 * a lease or reads a ref by git uses the same URL in tests as on GitHub. Git requests are not API
 * requests: they are logged in `gitRequests`, never in `requests`, and take nothing from the rate
 * limit. A push needs a credential (`x-access-token:<token>` as Basic), as on GitHub; a bad token
 * is a 401. As GitHub, it speaks smart HTTP only to a User-Agent that starts with `git/`.
 */
import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, dirname } from 'node:path';
import { performance } from 'node:perf_hooks';

const GIT_PATH = /^\/([^/]+)\/([^/]+?)(?:\.git)?\/(info\/refs|git-upload-pack|git-receive-pack)$/;

export interface GitRequest {
  service: 'upload-pack' | 'receive-pack';
  login: string | null;
  /**
   * How long the fake took to answer, in ms (its `git http-backend` on the test's own cores, where
   * GitHub's are elsewhere): set once the answer is sent, so a benchmark can tell it from the
   * client's own time.
   */
  servedMs?: number;
}

export interface GitHttpOptions {
  owner: string;
  repo: string;
  /** The bare repository behind the URL; undefined answers every git request 404. */
  remote: () => string | undefined;
  /** The login of a Basic `x-access-token:<token>` credential; null when absent, undefined when refused. */
  loginOf: (req: IncomingMessage) => string | null | undefined;
  log: GitRequest[];
  /** Each `git http-backend` still running, until it exits (the server's close waits for them). */
  serving?: Set<Promise<void>>;
}

/** True when the request was git's (answered here); false leaves it to the API. */
export function serveGit(req: IncomingMessage, res: ServerResponse, options: GitHttpOptions): boolean {
  const url = new URL(req.url ?? '/', 'http://fake');
  const match = GIT_PATH.exec(url.pathname);
  if (!match) return false;
  const [, owner, repo, tail] = match as unknown as [string, string, string, string];
  const service = (url.searchParams.get('service') ?? tail).replace(/^git-/, '');
  const remote = options.remote();
  const sameRepo =
    owner.toLowerCase() === options.owner.toLowerCase() && repo.toLowerCase() === options.repo.toLowerCase();
  if (!remote || !sameRepo || (service !== 'upload-pack' && service !== 'receive-pack')) {
    res.writeHead(404).end('Repository not found.\n');
    return true;
  }
  if (!String(req.headers['user-agent'] ?? '').startsWith('git/')) {
    res.writeHead(403).end('Smart HTTP is served to git clients only.\n');
    return true;
  }
  const login = options.loginOf(req);
  if (login === undefined || (service === 'receive-pack' && login === null)) {
    res
      .writeHead(401, { 'www-authenticate': 'Basic realm="GitHub"' })
      .end(login === undefined ? 'Bad credentials\n' : 'Authentication required\n');
    return true;
  }
  const logged: GitRequest = { service, login };
  options.log.push(logged);
  const started = performance.now();
  res.on('finish', () => {
    logged.servedMs = performance.now() - started;
  });
  const child = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH ?? '',
      GIT_PROJECT_ROOT: dirname(remote),
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: `/${basename(remote)}/${tail}`,
      REQUEST_METHOD: req.method ?? 'GET',
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
      ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
      ...(login ? { REMOTE_USER: login } : {}),
      REMOTE_ADDR: '127.0.0.1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => {
    child.on('close', () => resolve());
    child.on('error', (error) => {
      if (!res.headersSent) res.writeHead(500).end(`git http-backend failed: ${error.message}`);
      resolve();
    });
  });
  options.serving?.add(exited);
  void exited.then(() => options.serving?.delete(exited));
  req.pipe(child.stdin);
  const out: Buffer[] = [];
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  child.on('close', () => {
    const all = Buffer.concat(out);
    const split = all.indexOf('\r\n\r\n') >= 0 ? all.indexOf('\r\n\r\n') : all.indexOf('\n\n');
    const gap = all.indexOf('\r\n\r\n') >= 0 ? 4 : 2;
    if (split < 0) {
      res.writeHead(500).end(`git http-backend failed: ${errors}`);
      return;
    }
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of all.subarray(0, split).toString().split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'status') status = Number.parseInt(value, 10);
      else headers[name] = value;
    }
    res.writeHead(status, headers).end(all.subarray(split + gap));
  });
  return true;
}
