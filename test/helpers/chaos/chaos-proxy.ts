/**
 * A proxy on 127.0.0.1 between one client (an App replica, an Action process, an Octokit) and the
 * fake GitHub, for the faults the fake cannot make by itself because they happen *after* its
 * handler ran: the write applied and then the connection dropped, or the answer never coming
 * back (the process was killed, or the client timed out). `decide` may also hold a request (its
 * promise is a gate), which is how tests force one interleaving of two writers.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ProxiedRequest {
  /** 0-based, in arrival order. */
  index: number;
  method: string;
  /** Path without the `/api/v3` prefix and the query string. */
  path: string;
  body: string;
  /** Changes GitHub (not a read, not a GraphQL query, not an installation token). */
  isWrite: boolean;
  /** 0-based among writes; undefined for reads. */
  writeIndex?: number;
}

export type Verdict =
  | 'forward'
  /** Forward; the server applies it; then reset the client's connection (it sees a network error). */
  | 'forward-then-drop'
  /** Forward; the server applies it; never answer (the client hangs until its timeout or death). */
  | 'forward-then-hang'
  /** Reset the connection without forwarding: nothing happened. */
  | 'drop'
  | { delayMs: number };

export interface ChaosProxy {
  /** API base for the client: origin + the target's path prefix. */
  readonly url: string;
  readonly requests: ProxiedRequest[];
  /** Called for each request before it is forwarded; may wait (a gate). Default: forward. */
  decide: (request: ProxiedRequest) => Verdict | Promise<Verdict>;
  /** Called once the target answered, before the answer is relayed (or dropped). */
  onAnswered: (request: ProxiedRequest, status: number) => void;
  close(): Promise<void>;
}

export function isWriteRequest(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  if (path === '/graphql' || path === '/api/graphql') return false;
  // Git's smart HTTP beside the API: a fetch is a read, a push (`git-receive-pack`) a write.
  if (path.endsWith('/git-upload-pack')) return false;
  return !/^\/app\/installations\/\d+\/access_tokens$/.test(path);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** `target` is the fake's API base (`gh.url`); its path prefix is kept. */
export async function startChaosProxy(target: string): Promise<ChaosProxy> {
  const base = new URL(target);
  const prefix = base.pathname.replace(/\/$/, '');
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  let writes = 0;

  const proxy: ChaosProxy = {
    url: '',
    requests: [],
    decide: () => 'forward',
    onAnswered: () => {},
    close: async () => {},
  };

  const forward = (req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const headers = { ...req.headers, host: base.host };
        delete headers.connection;
        const upstream = httpRequest(
          { host: base.hostname, port: base.port, method: req.method, path: req.url, headers },
          (res) => {
            readBody(res).then(
              (data) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: data }),
              reject,
            );
          },
        );
        upstream.on('error', reject);
        upstream.end(body);
      },
    );

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://proxy');
      const path = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : url.pathname;
      const method = req.method ?? 'GET';
      const isWrite = isWriteRequest(method, path);
      const entry: ProxiedRequest = {
        index: proxy.requests.length,
        method,
        path,
        body: body.toString('utf8'),
        isWrite,
        ...(isWrite ? { writeIndex: writes++ } : {}),
      };
      proxy.requests.push(entry);
      const verdict = await proxy.decide(entry);
      if (verdict === 'drop') {
        req.socket.destroy();
        return;
      }
      if (typeof verdict === 'object') await new Promise((r) => setTimeout(r, verdict.delayMs));
      const answer = await forward(req, body);
      proxy.onAnswered(entry, answer.status);
      if (verdict === 'forward-then-drop') {
        req.socket.destroy();
        return;
      }
      if (verdict === 'forward-then-hang') {
        hanging.add(res);
        return;
      }
      const headers = { ...answer.headers };
      delete headers['transfer-encoding'];
      delete headers.connection;
      headers['content-length'] = String(answer.body.length);
      res.writeHead(answer.status, headers).end(answer.body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(502).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(proxy, {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: async () => {
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return proxy;
}

/** A promise with its resolver outside, for gates between proxies. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Waits for `promise`, or `ms` at most; true when it settled in time. */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = await Promise.race([promise.then(() => true as const), timeout]);
  clearTimeout(timer);
  return settled;
}
