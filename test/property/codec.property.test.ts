import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteLength } from '../../src/engine/codec/budget.js';
import { decodeState } from '../../src/engine/codec/decode.js';
import { encodeState } from '../../src/engine/codec/encode.js';
import {
  MOLECULE_STATUSES,
  type Molecule,
  MoleculeSchema,
  STEP_STATUSES,
} from '../../src/engine/molecule/molecule-schema.js';

/** Text that tries to break out of an HTML comment, a JSON string, a table or a line. */
const nasty = fc.constantFrom(
  '-->',
  '<!--',
  '--!>',
  '`',
  '```',
  '\r\n',
  '\n',
  '"',
  '\\',
  '|',
  '\u2028',
  '😀',
  '\ud800',
  '-',
  '',
);
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.array(fc.oneof(nasty, fc.string({ maxLength: 5 })), { maxLength: 6 }).map((parts) => parts.join('')),
);
/** Times as the schema accepts them: canonical UTC, and also offsets and whole seconds. */
const time = fc
  .tuple(
    fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
    fc.constantFrom('canonical', 'seconds', 'offset'),
  )
  .map(([date, form]) => {
    const iso = date.toISOString();
    if (form === 'seconds') return `${iso.slice(0, 19)}Z`;
    if (form === 'offset') return `${iso.slice(0, 23)}+02:00`;
    return iso;
  });
const count = fc.nat({ max: 20 });
const sha = fc.stringMatching(/^[0-9a-f]{40}$/);
const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== '__proto__');

const step = fc.record(
  {
    id: text,
    status: fc.constantFrom(...STEP_STATUSES),
    attempts: count,
    loops: count,
    startedAt: time,
    completedAt: time,
    lease: fc.record(
      { holder: text, runId: text, expiresAt: time },
      { requiredKeys: ['holder', 'expiresAt'] },
    ),
    branch: text,
    checkpoint: fc.record(
      {
        commit: sha,
        filesModified: fc.array(text, { maxLength: 3 }),
        testsPassed: fc.boolean(),
        notes: text,
        capturedAt: time,
        outputTail: text,
      },
      { requiredKeys: ['filesModified', 'testsPassed', 'notes', 'capturedAt'] },
    ),
    gates: fc.array(fc.record({ type: text, passed: fc.option(fc.boolean(), { nil: null }), detail: text }), {
      maxLength: 2,
    }),
    error: text,
    note: text,
    nudgedAt: time,
    awaitingSince: time,
  },
  { requiredKeys: ['id', 'status', 'attempts', 'loops'] },
);

const historyEntry = fc.record(
  { at: time, event: text, step: text, from: text, to: text, by: text, note: text },
  { requiredKeys: ['at', 'event'] },
);

const source = fc.oneof(
  fc.record({ path: text, blobSha: sha }),
  fc.string({ maxLength: 6 }).map((v) => `builtin@${v}`),
  fc.json().map((json) => ({ inline: JSON.parse(json) as unknown })),
);

const moleculeArb: fc.Arbitrary<Molecule> = fc.record(
  {
    v: fc.constant(1 as const),
    id: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/),
    title: text,
    formula: fc.record({ name: text, source }),
    vars: fc.dictionary(key, text, { maxKeys: 4 }),
    kind: fc.constantFrom('mol' as const, 'wisp' as const),
    status: fc.constantFrom(...MOLECULE_STATUSES),
    subject: fc.record(
      { repo: text, issue: fc.integer({ min: 1, max: 1e6 }), pr: fc.integer({ min: 1, max: 1e6 }) },
      { requiredKeys: [] },
    ),
    base: fc.record({ ref: text, sha }, { requiredKeys: ['ref'] }),
    execution: fc.constantFrom('local' as const, 'distributed' as const),
    rev: fc.nat(),
    createdAt: time,
    updatedAt: time,
    expiresAt: time,
    steps: fc.array(step, { maxLength: 12 }),
    history: fc.array(historyEntry, { maxLength: 12 }),
    historyTrimmed: fc.nat({ max: 1000 }),
    summary: text,
  },
  {
    requiredKeys: [
      'v',
      'id',
      'title',
      'formula',
      'vars',
      'kind',
      'status',
      'subject',
      'base',
      'execution',
      'rev',
      'createdAt',
      'updatedAt',
      'steps',
      'history',
    ],
  },
);

function isTypedError(result: ReturnType<typeof decodeState>): boolean {
  return (
    !result.ok &&
    ['state-missing', 'state-corrupt', 'state-invalid', 'state-version'].includes(result.error.code)
  );
}

describe('state codec properties', () => {
  it('the arbitrary only builds molecules the schema accepts', () => {
    fc.assert(fc.property(moleculeArb, (mol) => MoleculeSchema.safeParse(mol).success));
  });

  it('round-trips every valid molecule exactly (plain form), also after CRLF conversion', () => {
    fc.assert(
      fc.property(moleculeArb, (mol) => {
        const encoded = encodeState(mol);
        expect(encoded.ok).toBe(true);
        if (!encoded.ok) return;
        expect(decodeState(encoded.value.body)).toEqual({ ok: true, value: mol });
        expect(decodeState(encoded.value.body.replace(/\n/g, '\r\n'))).toEqual({ ok: true, value: mol });
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips through compression and trimming within any budget, or refuses as state-too-large', () => {
    fc.assert(
      fc.property(moleculeArb, fc.integer({ min: 600, max: 8_000 }), (mol, budget) => {
        const encoded = encodeState(mol, { budgetBytes: budget });
        if (!encoded.ok) {
          expect(encoded.error.code).toBe('state-too-large');
          return;
        }
        const { body, trimmedHistory } = encoded.value;
        expect(byteLength(body)).toBeLessThanOrEqual(budget);
        const expected =
          trimmedHistory === 0
            ? mol
            : {
                ...mol,
                history: mol.history.slice(trimmedHistory),
                historyTrimmed: (mol.historyTrimmed ?? 0) + trimmedHistory,
              };
        expect(decodeState(body)).toEqual({ ok: true, value: expected });
        expect(decodeState(body.replace(/\n/g, '\r\n'))).toEqual({ ok: true, value: expected });
      }),
      { numRuns: 300 },
    );
  });

  it('answers truncated bodies with a typed error, never a throw', () => {
    fc.assert(
      fc.property(
        moleculeArb,
        fc.boolean(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (mol, compress, cut) => {
          const encoded = encodeState(mol, compress ? { budgetBytes: 400 } : {});
          if (!encoded.ok) return;
          const body = encoded.value.body;
          const end = body.indexOf('\n-->');
          const truncated = body.slice(0, Math.floor(cut * end));
          expect(isTypedError(decodeState(truncated))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers a changed character of the base64 with a typed error or, where deflate ignores it, the same molecule', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    fc.assert(
      fc.property(moleculeArb, fc.nat(), fc.integer({ min: 1, max: 63 }), (mol, at, shift) => {
        const plain = encodeState(mol);
        if (!plain.ok) return;
        // Just under the plain size: the codec has to compress.
        const encoded = encodeState(mol, { budgetBytes: byteLength(plain.value.body) - 1 });
        fc.pre(encoded.ok && encoded.value.compressed && encoded.value.trimmedHistory === 0);
        if (!encoded.ok) return;
        const body = encoded.value.body;
        const start = body.indexOf('\n') + 1;
        const end = body.indexOf('\n-->');
        const i = start + (at % (end - start));
        const original = alphabet.indexOf(body[i] as string);
        const replaced = alphabet[(original + shift) % 64] as string;
        const decoded = decodeState(body.slice(0, i) + replaced + body.slice(i + 1));
        // Deflate ignores the padding bits after its final block, so a change there inflates to the
        // same text and passes the checksum: that is no tampering, and the molecule must be the same.
        if (!isTypedError(decoded)) expect(decoded).toEqual(decodeState(body));
      }),
      { numRuns: 500 },
    );
  });

  it('answers any tampering of the JSON with a molecule or a typed error, never a throw', () => {
    fc.assert(
      fc.property(
        moleculeArb,
        fc.nat(),
        fc.string({ maxLength: 4 }),
        fc.nat({ max: 4 }),
        (mol, at, insert, remove) => {
          const encoded = encodeState(mol);
          if (!encoded.ok) return;
          const body = encoded.value.body;
          const i = at % body.length;
          const decoded = decodeState(body.slice(0, i) + insert + body.slice(i + remove));
          expect(decoded.ok || isTypedError(decoded)).toBe(true);
          if (decoded.ok) expect(MoleculeSchema.safeParse(decoded.value).success).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('answers arbitrary bodies with a typed error, never a throw', () => {
    const header = fc.constantFrom(
      '',
      '<!-- molecular:state v1\n',
      '<!-- molecular:state v1 deflate\n',
      '<!-- molecular:state v9\n',
    );
    fc.assert(
      fc.property(
        header,
        fc.string({ unit: 'binary' }),
        fc.constantFrom('', '\n-->'),
        (head, middle, tail) => {
          const decoded = decodeState(head + middle + tail);
          expect(decoded.ok || isTypedError(decoded)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
