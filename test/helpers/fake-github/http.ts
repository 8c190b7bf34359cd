import type { IncomingMessage, ServerResponse } from 'node:http';

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false; error: string };

/** An empty body is `undefined` (GitHub treats it as "no parameters"), not a JSON error. */
export function parseJsonBody(text: string): ParsedBody {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

let requestCounter = 0;

/** Writes a JSON (or empty, for 204) response with the headers Octokit's plugins look at. */
export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  requestCounter += 1;
  const common: Record<string, string> = {
    'x-github-request-id': `FAKE:${requestCounter}`,
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': '4999',
    'x-ratelimit-resource': 'core',
    ...headers,
  };
  if (status === 204 || body === undefined) {
    res.writeHead(status, common);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...common,
  });
  res.end(text);
}
