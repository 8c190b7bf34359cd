import { describe, expect, it } from 'vitest';
import { byteLength } from '../../../../src/engine/codec/budget.js';
import { decodeState } from '../../../../src/engine/codec/decode.js';
import { encodeState } from '../../../../src/engine/codec/encode.js';
import { findStateBlock } from '../../../../src/engine/codec/state-block.js';
import type { Proto } from '../../../../src/engine/cook/proto.js';
import type { HistoryEntry, Molecule } from '../../../../src/engine/molecule/molecule-schema.js';

function molecule(overrides: Partial<Molecule> = {}): Molecule {
  return {
    v: 1,
    id: 'mol-x',
    title: 'Ship the login page',
    formula: { name: 'shiny', source: 'builtin@1' },
    vars: { feature: 'login' },
    kind: 'mol',
    status: 'in_progress',
    subject: { repo: 'acme/app', issue: 7 },
    base: { ref: 'main' },
    execution: 'local',
    rev: 3,
    createdAt: '2025-01-15T09:00:00.000Z',
    updatedAt: '2025-01-15T09:30:00.000Z',
    steps: [
      { id: 'design', status: 'completed', attempts: 1, loops: 0, completedAt: '2025-01-15T09:10:00.000Z' },
      { id: 'implement', status: 'in_progress', attempts: 1, loops: 0, note: 'working on it' },
      { id: 'review', status: 'pending', attempts: 0, loops: 0 },
    ],
    history: [{ at: '2025-01-15T09:00:00.000Z', event: 'pour', by: 'octocat' }],
    ...overrides,
  };
}

const proto: Proto = {
  formula: 'shiny',
  description: '',
  type: 'workflow',
  execution: 'local',
  vars: {},
  maxLoops: 3,
  steps: ['design', 'implement', 'review'].map((id, i, ids) => ({
    id,
    title: `${id[0]?.toUpperCase()}${id.slice(1)} it`,
    description: '',
    needs: i === 0 ? [] : [ids[i - 1] as string],
    type: 'task' as const,
    gates: [],
    trigger: 'all_success' as const,
  })),
};

/** History whose notes do not compress away: each is different text. */
function noisyHistory(count: number): HistoryEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    at: new Date(Date.UTC(2025, 0, 15) + i * 61_733).toISOString(),
    event: 'step',
    step: `s${i}`,
    note: `note ${i} ${((i * 2654435761) % 4294967296).toString(36)} ${((i * 40503) % 65536).toString(16)}`,
  }));
}

describe('encodeState', () => {
  it('writes a small molecule as plain JSON in the hidden block, followed by the view', () => {
    const encoded = encodeState(molecule(), { proto });
    expect(encoded.ok).toBe(true);
    if (!encoded.ok) return;
    const { body, compressed, trimmedHistory } = encoded.value;
    expect(compressed).toBe(false);
    expect(trimmedHistory).toBe(0);
    expect(body.startsWith('<!-- molecular:state v1\n{')).toBe(true);
    const close = body.indexOf('\n-->');
    expect(body.slice(close + 4)).toContain('### ');
    expect(body.slice(close + 4)).toContain('Implement it');
  });

  it('keeps `-->`, `<!--` and `--!>` in notes from ending the comment early', () => {
    const mol = molecule({
      steps: [
        {
          id: 'a',
          status: 'failed',
          attempts: 1,
          loops: 0,
          error: 'x --> y <!-- molecular:state v1 z --!> ---',
        },
      ],
    });
    const encoded = encodeState(mol);
    expect(encoded.ok).toBe(true);
    if (!encoded.ok) return;
    const block = encoded.value.body.slice(0, encoded.value.body.indexOf('\n-->') + 4);
    // Exactly one comment closer, at the end of the block, and no second opener inside it.
    expect(block.match(/-->/g)).toHaveLength(1);
    expect(block.match(/--!>/g)).toBeNull();
    expect(block.match(/<!--/g)).toHaveLength(1);
    expect(decodeState(encoded.value.body)).toEqual({ ok: true, value: mol });
  });

  it('round-trips exactly, whatever text surrounds the block and with CRLF line ends', () => {
    const mol = molecule();
    const encoded = encodeState(mol, { proto });
    if (!encoded.ok) throw new Error(encoded.error.message);
    const edited = `Someone's text above\r\n\r\n${encoded.value.body.replace(/\n/g, '\r\n')}\r\nand below`;
    expect(decodeState(edited)).toEqual({ ok: true, value: mol });
  });

  it('switches to base64 deflate once plain JSON would exceed the budget, and still round-trips', () => {
    const mol = molecule({ history: noisyHistory(60) });
    const plain = encodeState(mol);
    if (!plain.ok) throw new Error(plain.error.message);
    const budget = byteLength(plain.value.body) - 1;
    const encoded = encodeState(mol, { budgetBytes: budget });
    if (!encoded.ok) throw new Error(encoded.error.message);
    expect(encoded.value.compressed).toBe(true);
    expect(encoded.value.trimmedHistory).toBe(0);
    expect(encoded.value.body).toMatch(/^<!-- molecular:state v1 deflate\n[A-Za-z0-9+/]+=*\n-->/);
    expect(byteLength(encoded.value.body)).toBeLessThanOrEqual(budget);
    expect(decodeState(encoded.value.body)).toEqual({ ok: true, value: mol });
    expect(decodeState(encoded.value.body.replace(/\n/g, '\r\n'))).toEqual({ ok: true, value: mol });
  });

  it('trims the fewest oldest history entries needed and records how many', () => {
    const mol = molecule({ history: noisyHistory(400), historyTrimmed: 5 });
    const before = structuredClone(mol);
    const budget = 6_000;
    const encoded = encodeState(mol, { budgetBytes: budget });
    if (!encoded.ok) throw new Error(encoded.error.message);
    const { trimmedHistory, body } = encoded.value;
    expect(trimmedHistory).toBeGreaterThan(0);
    expect(trimmedHistory).toBeLessThan(400);
    expect(byteLength(body)).toBeLessThanOrEqual(budget);
    const decoded = decodeState(body);
    if (!decoded.ok) throw new Error(decoded.error.message);
    // The newest entries survive, the oldest go, and the count adds to the earlier one.
    expect(decoded.value.history).toEqual(mol.history.slice(trimmedHistory));
    expect(decoded.value.historyTrimmed).toBe(5 + trimmedHistory);
    expect(decoded.value).toEqual(encoded.value.mol);
    expect(mol).toEqual(before);
    // Keeping one more entry would not have fitted: that state, as is, needs trimming itself.
    const oneMore = encodeState(
      { ...mol, history: mol.history.slice(trimmedHistory - 1), historyTrimmed: 5 + trimmedHistory - 1 },
      { budgetBytes: budget },
    );
    expect(oneMore.ok && oneMore.value.trimmedHistory).toBeGreaterThan(0);
  });

  it('falls back to the summary view when even a molecule without history does not fit with the full one', () => {
    const steps = Array.from({ length: 40 }, (_, i) => ({
      id: `step-${i}`,
      status: 'failed' as const,
      attempts: 3,
      loops: 0,
      error: `error ${i}: ${'x'.repeat(100)}`,
    }));
    const mol = molecule({ steps, history: noisyHistory(10) });
    const full = encodeState(mol);
    if (!full.ok) throw new Error(full.error.message);
    const encoded = encodeState(mol, { budgetBytes: 3_000 });
    if (!encoded.ok) throw new Error(encoded.error.message);
    expect(encoded.value.view).toBe('summary');
    expect(encoded.value.body).not.toContain('| Status |');
    expect(encoded.value.body).toContain('mol status mol-x');
    expect(decodeState(encoded.value.body).ok).toBe(true);
  });

  it('refuses with state-too-large, naming the size and budget, and leaves the input untouched', () => {
    const mol = molecule({ history: noisyHistory(50) });
    const before = structuredClone(mol);
    const encoded = encodeState(mol, { budgetBytes: 200 });
    expect(encoded.ok).toBe(false);
    if (encoded.ok) return;
    expect(encoded.error.code).toBe('state-too-large');
    expect(encoded.error.message).toMatch(
      /^molecule mol-x state is [\d,]+ bytes compressed, over the 200-byte budget of a GitHub comment; /,
    );
    expect(mol).toEqual(before);
  });

  it('groups digits in the size it reports', () => {
    const mol = molecule({
      steps: Array.from({ length: 3_000 }, (_, i) => ({
        id: `s${i}`,
        status: 'pending',
        attempts: 0,
        loops: 0,
      })),
    });
    const encoded = encodeState(mol, { budgetBytes: 1_000 });
    expect(!encoded.ok && encoded.error.message).toMatch(
      /state is \d{1,3}(,\d{3})+ bytes compressed, over the 1,000-byte budget/,
    );
  });

  it('refuses to write a molecule that would not decode', () => {
    const bad = molecule({ updatedAt: 'yesterday' });
    const encoded = encodeState(bad);
    expect(encoded.ok).toBe(false);
    if (!encoded.ok) {
      expect(encoded.error.code).toBe('state-invalid');
      expect(encoded.error.message).toContain('updatedAt');
    }
  });
});

describe('decodeState', () => {
  const good = () => {
    const encoded = encodeState(molecule());
    if (!encoded.ok) throw new Error(encoded.error.message);
    return encoded.value.body;
  };

  it('says state-missing when there is no block', () => {
    const decoded = decodeState('Just a comment');
    expect(!decoded.ok && decoded.error.code).toBe('state-missing');
  });

  it('says state-corrupt when the block is cut off', () => {
    const body = good();
    const decoded = decodeState(body.slice(0, body.indexOf('-->')));
    expect(!decoded.ok && decoded.error.code).toBe('state-corrupt');
    expect(!decoded.ok && decoded.error.message).toContain('cut off');
  });

  it('says state-corrupt for JSON that does not parse', () => {
    const decoded = decodeState('<!-- molecular:state v1\n{"v":1,\n-->');
    expect(!decoded.ok && decoded.error.code).toBe('state-corrupt');
    expect(!decoded.ok && decoded.error.message).toMatch(/not valid JSON/);
  });

  it('says state-corrupt "not valid base64/deflate" for a damaged compressed block', () => {
    for (const payload of ['not base64!!', 'QUJD', 'eJzz']) {
      const decoded = decodeState(`<!-- molecular:state v1 deflate\n${payload}\n-->`);
      expect(!decoded.ok && decoded.error.code).toBe('state-corrupt');
      expect(!decoded.ok && decoded.error.message).toContain('the state block is not valid base64/deflate');
    }
  });

  it('says state-corrupt when only the unused bits of the last base64 character change', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    // Find a compressed body whose base64 ends in padding, so its last character has spare bits.
    for (let i = 0; ; i++) {
      const mol = molecule({ title: `title ${i}`, history: noisyHistory(30) });
      const encoded = encodeState(mol, { budgetBytes: 2_500 });
      if (!encoded.ok || !encoded.value.compressed) throw new Error('expected a compressed body');
      const body = encoded.value.body;
      const pad = body.indexOf('=\n-->');
      if (pad < 0) continue;
      const last = pad - 1 - (body[pad - 1] === '=' ? 1 : 0);
      const changed = alphabet[alphabet.indexOf(body[last] as string) ^ 1] as string;
      const decoded = decodeState(body.slice(0, last) + changed + body.slice(last + 1));
      expect(!decoded.ok && decoded.error.code).toBe('state-corrupt');
      expect(decodeState(body)).toEqual({ ok: true, value: mol });
      break;
    }
  });

  it('says state-invalid with the path and zod sentence for a schema violation', () => {
    const body = good().replace('"status":"pending"', '"status":"sleeping"');
    const decoded = decodeState(body);
    expect(decoded.ok).toBe(false);
    if (decoded.ok) return;
    expect(decoded.error.code).toBe('state-invalid');
    expect(decoded.error.message).toMatch(/at steps\[2\]\.status: /);
    expect(decoded.error.diagnostics?.[0]?.message).toMatch(/^steps\[2\]\.status: /);
  });

  it('says state-version for a block written by a newer format, in the header or the JSON', () => {
    const header = decodeState('<!-- molecular:state v2\n{}\n-->');
    expect(!header.ok && header.error.code).toBe('state-version');
    expect(!header.ok && header.error.message).toContain('v2');
    const json = decodeState(good().replace('{"v":1,', '{"v":3,'));
    expect(!json.ok && json.error.code).toBe('state-version');
  });

  it('reports the line the block starts on', () => {
    const decoded = decodeState(`hello\nworld\n<!-- molecular:state v1\n{}\n-->`);
    expect(!decoded.ok && decoded.error.line).toBe(3);
  });
});

describe('findStateBlock', () => {
  it('finds the header, encoding and payload, tolerating CRLF and surrounding text', () => {
    expect(findStateBlock('before\r\n<!-- molecular:state v1 deflate\r\nQUJD\r\n-->\r\nafter')).toEqual({
      version: 1,
      encoding: 'deflate',
      payload: 'QUJD\n',
      closed: true,
      line: 2,
    });
    expect(findStateBlock('<!--molecular:state   v7\n{}')).toMatchObject({
      version: 7,
      encoding: 'json',
      closed: false,
    });
    expect(findStateBlock('<!-- molecular:status v1\n-->')).toBeUndefined();
  });

  it('reads the header text after the version without its blanks, and skips headers that are not one', () => {
    expect(findStateBlock('<!-- molecular:state v1 \t deflate \t\n-->')).toMatchObject({
      encoding: 'deflate',
    });
    expect(findStateBlock('<!-- molecular:state v1 gzip\n-->')).toMatchObject({ encoding: 'unknown' });
    expect(
      findStateBlock('<!-- molecular:statev1\n<!-- molecular:state v\n<!-- molecular:state v2\n-->'),
    ).toEqual({ version: 2, encoding: 'json', payload: '', closed: true, line: 3 });
  });

  // Anyone can comment: the regular expression this replaced took cubic time on these.
  it('scans hostile 65,536-character comments in linear time', () => {
    const header = '<!-- molecular:state v1';
    const spaces = `${header}${' '.repeat(65_536 - header.length)}`;
    expect(findStateBlock(spaces)).toBeUndefined();
    expect(decodeState(spaces)).toMatchObject({ ok: false, error: { code: 'state-missing' } });
    const tabs = `${header}${' \t'.repeat(32_000)}x`;
    expect(findStateBlock(tabs)).toBeUndefined();
    const headers = `${header} `.repeat(Math.floor(65_536 / (header.length + 1)));
    expect(findStateBlock(headers)).toBeUndefined();
    const open = `<!--${' '.repeat(65_532)}`;
    expect(findStateBlock(open)).toBeUndefined();
    const unclosed = `${header}\n${' '.repeat(65_000)}`;
    expect(findStateBlock(unclosed)).toMatchObject({ closed: false, version: 1 });
  });
});
