import { unprocessable } from './errors.js';
import type { RouteResult } from './routes/types.js';

/**
 * Size limits GitHub enforces beyond what its OpenAPI description says, answered as GitHub
 * answers them (422 "Validation Failed" with the field to blame):
 * - an issue's or a comment's body: 65,536 characters (Ruby's count: code points, not UTF-16 units);
 * - a check run's `output.summary` and `output.text`: 65,535 bytes of UTF-8. The description says
 *   "characters" and its `maxLength` (checked with the spec) counts those; GitHub counts bytes, so
 *   a summary of emoji or CJK text is refused well before 65,535 characters.
 */
export const MAX_BODY_CHARS = 65_536;
export const MAX_CHECK_OUTPUT_BYTES = 65_535;

const codePoints = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

export function commentBodyRefusal(body: unknown): RouteResult | undefined {
  if (typeof body !== 'string' || codePoints(body) <= MAX_BODY_CHARS) return undefined;
  return unprocessable('Validation Failed', [
    {
      resource: 'IssueComment',
      code: 'unprocessable',
      field: 'data',
      message: `Body is too long (maximum is ${MAX_BODY_CHARS} characters)`,
    },
  ]);
}

export function issueBodyRefusal(body: unknown): RouteResult | undefined {
  if (typeof body !== 'string' || codePoints(body) <= MAX_BODY_CHARS) return undefined;
  return unprocessable('Validation Failed', [
    {
      resource: 'Issue',
      code: 'custom',
      field: 'body',
      message: `body is too long (maximum is ${MAX_BODY_CHARS} characters)`,
    },
  ]);
}

export function checkOutputRefusal(
  output: { summary?: unknown; text?: unknown } | undefined,
): RouteResult | undefined {
  for (const field of ['summary', 'text'] as const) {
    const value = output?.[field];
    if (typeof value !== 'string' || Buffer.byteLength(value, 'utf8') <= MAX_CHECK_OUTPUT_BYTES) continue;
    return unprocessable('Validation Failed', [
      {
        resource: 'CheckRun',
        code: 'custom',
        field,
        message: `${field} exceeds a maximum bytesize of ${MAX_CHECK_OUTPUT_BYTES}`,
      },
    ]);
  }
  return undefined;
}
