import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoleculeSchema } from '../../../../src/engine/molecule/molecule-schema.js';
import { moleculeIdFor, newMoleculeSuffix, parseMoleculeId } from '../../../../src/github/molecule-id.js';
import { openSeal, SEAL_RESERVE_BYTES, sealBody } from '../../../../src/github/store/comment-seal.js';
import {
  defaultTrustedWriters,
  judgeComment,
  type TrustPolicy,
} from '../../../../src/github/store/comment-trust.js';
import { KeyedMutex } from '../../../../src/github/store/keyed-mutex.js';

const at = new Date('2026-03-01T12:00:00.000Z');
const content = '<!-- molecular:state v1\n{"v":1}\n-->\n\n### Molecule\n| a | b |';

describe('seal', () => {
  // A pattern with `\n*` in front took quadratic time on a body of line breaks (about 20 s each).
  it('refuses bodies of 65,536 line breaks at once', () => {
    for (const tail of ['', 'x', ' -->', '<!-- molecular:digest sha256:']) {
      expect(openSeal(`${'\n'.repeat(65_536)}${tail}`)).toMatchObject({
        ok: false,
        error: { code: 'seal-broken' },
      });
    }
  });

  it('opens what it sealed, and gives back the content and time', () => {
    const body = sealBody(content, at);
    expect(body.startsWith(content)).toBe(true);
    expect(body).toMatch(/\n\n<!-- molecular:digest sha256:[0-9a-f]{64} at:2026-03-01T12:00:00.000Z -->$/);
    expect(Buffer.byteLength(body) - Buffer.byteLength(content)).toBeLessThanOrEqual(SEAL_RESERVE_BYTES);
    expect(openSeal(body)).toEqual({
      ok: true,
      value: { content, at: at.toISOString(), algorithm: 'sha256' },
    });
  });

  it("survives what GitHub's editor does without changing meaning (CRLF, trailing blank lines)", () => {
    const body = sealBody(content, at);
    expect(openSeal(body.replace(/\n/g, '\r\n')).ok).toBe(true);
    expect(openSeal(`${body}\n\n`).ok).toBe(true);
  });

  it('breaks on any edit of the content, the time, or the digest', () => {
    const body = sealBody(content, at);
    for (const edited of [
      body.replace('### Molecule', '### Molecul3'),
      body.replace('{"v":1}', '{"v":2}'),
      body.replace('at:2026-03-01T12:00:00.000Z', 'at:2026-03-01T12:05:00.000Z'),
      body.replace(/sha256:([0-9a-f])/, (_, c) => `sha256:${c === '0' ? '1' : '0'}`),
    ]) {
      const opened = openSeal(edited);
      expect(opened.ok).toBe(false);
      if (!opened.ok) expect(opened.error.code).toBe('seal-broken');
    }
    expect(openSeal(content).ok).toBe(false);
  });

  it('with a key: an HMAC nobody else can make; plain digests are refused, and so is the wrong key', () => {
    const keyed = sealBody(content, at, 'secret');
    expect(keyed).toContain('hmac-sha256:');
    expect(openSeal(keyed, 'secret').ok).toBe(true);
    expect(openSeal(keyed, 'other').ok).toBe(false);
    const noKey = openSeal(keyed);
    expect(!noKey.ok && noKey.error.message).toMatch(/signed with a key this process was not given/);
    const downgrade = openSeal(sealBody(content, at), 'secret');
    expect(!downgrade.ok && downgrade.error.message).toMatch(/unkeyed sha256/);
  });

  it('round-trips any content (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 0, max: 4e12 }), (text, ms) => {
        const opened = openSeal(sealBody(text, new Date(ms)));
        return opened.ok && opened.value.content === text.replace(/\r\n?/g, '\n').trimEnd();
      }),
    );
  });
});

describe('judgeComment', () => {
  const policy: TrustPolicy = { writers: defaultTrustedWriters('molecular'), editWindowMs: 60_000 };
  const comment = (fields: Partial<{ author: string; body: string; updatedAt: string; editor: string }>) => ({
    id: 31,
    nodeId: 'IC_31',
    author: 'molecular[bot]',
    body: sealBody(content, at),
    updatedAt: '2026-03-01T12:00:01Z',
    ...fields,
  });

  it('trusts the app and github-actions, whatever the case of the login', () => {
    expect(defaultTrustedWriters('molecular')).toEqual(['molecular[bot]', 'github-actions[bot]']);
    expect(judgeComment(comment({}), policy).ok).toBe(true);
    expect(judgeComment(comment({ author: 'GitHub-Actions[bot]' }), policy).ok).toBe(true);
  });

  it('names an untrusted author', () => {
    const result = judgeComment(comment({ author: 'mallory' }), policy);
    expect(result).toMatchObject({ ok: false, error: { code: 'state-untrusted' } });
    expect(!result.ok && result.error.message).toMatch(
      /comment #31 holds Molecular state but was written by @mallory, who is not a trusted writer \(molecular\[bot\], github-actions\[bot\]\)/,
    );
  });

  it('says the comment was edited when the body changed, or when it changed later than written', () => {
    const edited = judgeComment(comment({ body: sealBody(content, at).replace('| a |', '| z |') }), policy);
    expect(!edited.ok && edited.error.message).toMatch(/edited after Molecular wrote it/);
    const late = judgeComment(comment({ updatedAt: '2026-03-01T12:30:00Z' }), policy);
    expect(!late.ok && late.error.message).toMatch(
      /was edited at 2026-03-01T12:30:00Z, after Molecular wrote it at 2026-03-01T12:00:00.000Z/,
    );
  });

  it('believes an edit by a trusted writer and refuses one by anybody else, seal and timing intact', () => {
    expect(judgeComment(comment({ editor: 'github-actions[bot]' }), policy).ok).toBe(true);
    const replayed = judgeComment(comment({ editor: 'mallory' }), policy);
    expect(replayed).toMatchObject({ ok: false, error: { code: 'state-untrusted' } });
    expect(!replayed.ok && replayed.error.message).toMatch(
      /comment #31 by @molecular\[bot\] was last edited by @mallory, who is not a trusted writer/,
    );
  });
});

describe('molecule ids', () => {
  it('carry the issue number and fit both the schema and a git ref segment', () => {
    const id = moleculeIdFor(12, 'a1b2c3');
    expect(id).toBe('12-a1b2c3');
    expect(parseMoleculeId(id)).toEqual({ issue: 12, suffix: 'a1b2c3' });
    expect(parseMoleculeId('m-create')).toBeUndefined();
    expect(parseMoleculeId('012-x')).toBeUndefined();
    expect(() => moleculeIdFor(0, 'x')).toThrow(RangeError);
    expect(() => moleculeIdFor(3, 'a.b')).toThrow(RangeError);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.double({ min: 0, max: 0.9999999, noNaN: true }),
        (issue, r) => {
          const made = moleculeIdFor(
            issue,
            newMoleculeSuffix(() => r),
          );
          const parsed = parseMoleculeId(made);
          return (
            parsed?.issue === issue &&
            MoleculeSchema.shape.id.safeParse(made).success &&
            !made.includes('..') &&
            !made.endsWith('.lock')
          );
        },
      ),
    );
  });
});

describe('KeyedMutex', () => {
  it('runs one writer at a time per key, others in parallel, and survives a failing writer', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    const step =
      (name: string, ms: number, fail = false) =>
      async () => {
        log.push(`${name}:start`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`${name}:end`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      mutex.run('a', step('a1', 20, true)),
      mutex.run('a', step('a2', 1)),
      mutex.run('b', step('b1', 5)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('a2:start')).toBeGreaterThan(log.indexOf('a1:end'));
    expect(log.indexOf('b1:start')).toBeLessThan(log.indexOf('a1:end'));
    expect(mutex.busyKeys).toEqual([]);
  });
});
