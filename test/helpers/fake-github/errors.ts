import type { RouteResult } from './routes/types.js';

const DOCS = 'https://docs.github.com/rest';

/** GitHub's error body: `message`, `documentation_url`, and (since 2023) `status` as a string. */
export function errorResult(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): RouteResult {
  return { status, body: { message, documentation_url: DOCS, status: String(status), ...extra } };
}

export const notFound = (): RouteResult => errorResult(404, 'Not Found');

/** 422 "Validation Failed" with GitHub's `errors` array when there is a field to blame. */
export function unprocessable(message: string, errors?: Array<Record<string, unknown>>): RouteResult {
  return errorResult(422, message, errors ? { errors } : {});
}
