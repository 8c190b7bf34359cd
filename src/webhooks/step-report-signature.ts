/**
 * The signature of a step report: with a state key set (`MOLECULAR_STATE_KEY`, the key that seals
 * state comments), a report carries `signature: "hmac-sha256:<hex>"` over its other fields, so
 * only a job given the key can have a report believed. Anyone with write access can send a
 * `repository_dispatch`, and any workflow of the repository can send it as github-actions[bot]:
 * the sender alone proves little. The sender of a report and the checker of it both use this
 * file; the key is injected, so the rule itself is pure.
 *
 * GitHub allows at most 10 top-level fields in `client_payload`: the signature is one string
 * field, and the repository it is for is part of what is signed, not a field of its own.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { err, ok, type Result } from '../engine/index.js';

export const SIGNATURE_FIELD = 'signature';

const SIGNATURE = /^hmac-sha256:([0-9a-f]{64})$/;

/**
 * JSON with object keys sorted at every depth, so the sender and the checker hash the same text
 * whatever order the fields travelled in.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function digest(repo: string, fields: Record<string, unknown>, key: string): Buffer {
  const { [SIGNATURE_FIELD]: _ignored, ...rest } = fields;
  const input = `molecular:step-report v1\n${repo.toLowerCase()}\n${canonicalJson(rest)}`;
  return createHmac('sha256', key).update(input).digest();
}

/** The report with its signature for repository `owner/name`. */
export function signStepReport<T extends Record<string, unknown>>(
  repo: string,
  report: T,
  key: string,
): T & { signature: string } {
  return { ...report, [SIGNATURE_FIELD]: `hmac-sha256:${digest(repo, report, key).toString('hex')}` };
}

/** Whether `payload` (a report as it arrived) carries a good signature for `repo` under `key`. */
export function verifyStepReport(repo: string, payload: unknown, key: string): Result<void> {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    return err('report-unauthenticated', 'the step report is not an object, so it carries no signature');
  const fields = payload as Record<string, unknown>;
  const signature = fields[SIGNATURE_FIELD];
  if (signature === undefined)
    return err(
      'report-unauthenticated',
      'the step report carries no signature, and this installation signs reports with MOLECULAR_STATE_KEY',
    );
  const match = typeof signature === 'string' ? SIGNATURE.exec(signature) : null;
  if (!match)
    return err(
      'report-unauthenticated',
      'the step report\'s signature is not of the form "hmac-sha256:<64 hex>"',
    );
  const expected = digest(repo, fields, key);
  if (!timingSafeEqual(expected, Buffer.from(match[1] as string, 'hex')))
    return err(
      'report-unauthenticated',
      "the step report's signature does not match its content under MOLECULAR_STATE_KEY (a different key, or a changed report)",
    );
  return ok(undefined);
}
