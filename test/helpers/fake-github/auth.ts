import type { IncomingHttpHeaders } from 'node:http';

/** The credential of `authorization: token X`, `Bearer X` (also app JWTs) or Basic; null when absent. */
export function tokenOf(headers: IncomingHttpHeaders): string | null {
  const header = headers.authorization;
  if (!header) return null;
  const match = /^(?:token|bearer|basic)\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? header.trim();
}
