import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StepReportSchema } from '../../../src/webhooks/step-report.js';
import {
  canonicalJson,
  signStepReport,
  verifyStepReport,
} from '../../../src/webhooks/step-report-signature.js';

const KEY = 'k'.repeat(32);
const REPO = 'acme/widgets';
const report = {
  molecule: '7-abc123',
  step: 'draft',
  event: 'complete',
  runId: '41',
  gates: [{ type: 'files', passed: true, detail: 'out.txt exists' }],
};

const refusal = (payload: unknown, key = KEY, repo = REPO) => {
  const verified = verifyStepReport(repo, payload, key);
  return verified.ok ? undefined : verified.error;
};

describe('step report signature', () => {
  it('holds for the report as signed, whatever order its fields arrive in', () => {
    const signed = signStepReport(REPO, report, KEY);
    expect(signed.signature).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(refusal(signed)).toBeUndefined();
    const reordered = Object.fromEntries(Object.entries(signed).reverse());
    expect(refusal(reordered)).toBeUndefined();
    // The repository's name is compared as GitHub compares it.
    expect(refusal(signed, KEY, 'ACME/Widgets')).toBeUndefined();
  });

  it('is refused when missing, malformed, made with another key, for another repository, or over a changed report', () => {
    const signed = signStepReport(REPO, report, KEY);
    expect(refusal(report)?.message).toContain('carries no signature');
    expect(refusal({ ...report, signature: 'sha256:abc' })?.message).toContain('not of the form');
    expect(refusal({ ...report, signature: 42 })?.message).toContain('not of the form');
    expect(refusal(signStepReport(REPO, report, 'another key'))?.message).toContain('does not match');
    expect(refusal(signed, KEY, 'acme/gadgets')?.message).toContain('does not match');
    const approved = { ...signed, gates: [{ type: 'approval', passed: true, detail: 'me' }] };
    expect(refusal(approved)?.message).toContain('does not match');
    expect(refusal({ ...signed, runId: '42' })?.message).toContain('does not match');
    expect(refusal(null)?.code).toBe('report-unauthenticated');
    expect(refusal([signed])?.code).toBe('report-unauthenticated');
  });

  it('any change to a signed report breaks it (property)', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 8 }), json, { maxKeys: 9 }),
        fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== 'signature'),
        json,
        (fields, key, value) => {
          const payload = JSON.parse(JSON.stringify(fields)) as Record<string, unknown>;
          delete payload.signature;
          const signed = signStepReport(REPO, payload, KEY);
          // What travels is JSON: the check sees the report after a round trip through it.
          expect(refusal(JSON.parse(JSON.stringify(signed)))).toBeUndefined();
          const changed = { ...signed, [key]: value };
          const same = canonicalJson(changed) === canonicalJson(signed);
          expect(refusal(JSON.parse(JSON.stringify(changed))) === undefined).toBe(same);
        },
      ),
    );
  });

  it('canonical JSON sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(canonicalJson({ a: undefined, b: 'x' })).toBe('{"b":"x"}');
  });

  it("leaves the report within GitHub's 10 top-level client_payload fields, its signature one of them", () => {
    const fields = Object.keys(StepReportSchema.shape);
    expect(fields).toContain('signature');
    expect(fields.length).toBeLessThanOrEqual(10);
  });
});
