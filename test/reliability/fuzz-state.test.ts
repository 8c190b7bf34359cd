/**
 * Fuzzing the state codec and the comment seal (issue 6): molecules in every reachable shape —
 * random DAGs poured and pushed through random events with hostile text — are encoded under
 * random budgets, then decoded whole, truncated and tampered with. Decoding never throws and
 * answers a molecule or a typed error; a tampered comment is never believed as a different state.
 */
import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeState } from '../../src/engine/codec/decode.js';
import { encodeState } from '../../src/engine/codec/encode.js';
import { findStateBlock } from '../../src/engine/codec/state-block.js';
import type { Proto } from '../../src/engine/cook/proto.js';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../../src/engine/molecule/ops/events.js';
import { pour } from '../../src/engine/molecule/ops/pour.js';
import { transition } from '../../src/engine/molecule/ops/transition.js';
import { sealBody } from '../../src/github/store/comment-seal.js';
import { judgeComment } from '../../src/github/store/comment-trust.js';
import { classifyComments } from '../../src/github/store/state-comments.js';
import { assertTypedResult, describeFailure, runFuzz } from '../helpers/chaos/fuzz.js';
import { mutatedText } from '../helpers/chaos/mutate-text.js';
import { recordResult } from '../helpers/chaos/report.js';
import { fuzzRuns, seedOf, timeoutFor } from '../helpers/chaos/scale.js';
import { makeProto, protoStep } from '../helpers/engine-fixtures.js';

const RUNS = fuzzRuns(300);
const TIMEOUT = timeoutFor(RUNS, 12);
const T0 = Date.parse('2026-01-01T00:00:00Z');
const KEY = 'fuzz-state-key';
const POLICY = { writers: ['molecular[bot]'], key: KEY, editWindowMs: 600_000 };

const hostile = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '-->',
    '<!--',
    '--!>',
    '```',
    '|',
    '\r\n',
    '\u2028',
    '\ud800',
    '😀',
    '<!-- molecular:state v1 {} -->',
    '$(touch /tmp/pwned)',
  ),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

/** A random DAG: step i needs some of the steps before it; some have retries, gates or loops. */
const protoArb: fc.Arbitrary<Proto> = fc
  .array(
    fc.record({
      needs: fc.array(fc.nat(), { maxLength: 3 }),
      retries: fc.nat({ max: 2 }),
      approval: fc.boolean(),
      loop: fc.boolean(),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((defs) =>
    makeProto(
      defs.map((d, i) => {
        const needs = i === 0 ? [] : [...new Set(d.needs.map((n) => `s${n % i}`))];
        return protoStep(`s${i}`, needs, {
          maxRetries: d.retries,
          ...(d.approval ? { gates: [{ type: 'approval' as const, permission: 'write' as const }] } : {}),
          ...(d.loop && i > 0 ? { onFail: `s${(i * 7) % i}` } : {}),
        });
      }),
    ),
  );

const eventArb = (n: number): fc.Arbitrary<MoleculeEvent> => {
  const step = fc.nat({ max: n + 1 }).map((i) => `s${i}`);
  return fc.oneof(
    fc.record({ type: fc.constant('start' as const), step, by: hostile }),
    fc.record({
      type: fc.constant('start' as const),
      step,
      lease: fc.record({
        holder: hostile,
        runId: fc.nat().map(String),
        ttlMs: fc.integer({ min: 1, max: 10_000_000 }),
      }),
    }),
    fc.record({
      type: fc.constant('complete' as const),
      step,
      by: hostile,
      checkpoint: fc.record({
        commit: fc.stringMatching(/^[0-9a-f]{40}$/),
        filesModified: fc.array(hostile, { maxLength: 4 }),
        testsPassed: fc.boolean(),
        notes: hostile,
        capturedAt: fc.constant(new Date(T0).toISOString()),
      }),
      branch: hostile,
    }),
    fc.record({ type: fc.constant('fail' as const), step, error: hostile, by: hostile }),
    fc.record({ type: fc.constant('retry' as const), step }),
    fc.record({ type: fc.constant('skip' as const), step, reason: hostile }),
    fc.record({ type: fc.constant('approve' as const), step, by: hostile }),
    fc.record({ type: fc.constant('rollback' as const), step }),
    fc.constantFrom<MoleculeEvent>(
      { type: 'pause' },
      { type: 'unpause' },
      { type: 'resume' },
      { type: 'reset' },
    ),
    fc.record({ type: fc.constant('nudge' as const), step }),
    fc.record({ type: fc.constant('timeout' as const), step }),
    fc.record({ type: fc.constant('release' as const), step }),
  );
};

/** A molecule somewhere along a random life: pour, then events (refused ones leave it as it was). */
const moleculeArb: fc.Arbitrary<{ mol: Molecule; proto: Proto }> = protoArb.chain((proto) =>
  fc.array(eventArb(proto.steps.length), { maxLength: 40 }).map((events) => {
    const poured = pour(proto, {
      id: 'fuzz-1',
      now: new Date(T0),
      vars: { v: '$(x)' },
      formula: { name: 'test', source: 'builtin@1' },
    });
    if (!poured.ok) throw new Error(poured.error.message);
    let mol = poured.value.mol;
    events.forEach((event, i) => {
      const next = transition(proto, mol, event, new Date(T0 + i * 1000));
      if (next.ok) mol = next.value.mol;
    });
    return { mol, proto };
  }),
);

/** Budgets from roomy to impossible: plain JSON, deflate, trimmed history, summary view, too large. */
const budgetArb = fc.constantFrom(60_000, 60_000, 8_000, 3_000, 1_500, 600, 200);

/**
 * Damage is where the randomness matters for truncation and tampering, so those fuzzers draw
 * from a pool of encoded molecules (every encoding the budgets reach) instead of building one per case.
 */
const POOL = fc
  .sample(fc.tuple(moleculeArb, budgetArb), { numRuns: Math.min(RUNS, 600), seed: seedOf() })
  .flatMap(([{ mol, proto }, budgetBytes]) => {
    const encoded = encodeState(mol, { proto, budgetBytes });
    return encoded.ok ? [encoded.value] : [];
  });
const pooled = fc.nat({ max: POOL.length - 1 }).map((i) => POOL[i] as (typeof POOL)[number]);

describe('fuzzing the state codec and the comment seal', () => {
  it(
    'round trip: what encode writes, decode reads back exactly (or encode says it is too large)',
    () => {
      const details = runFuzz({
        name: 'state codec: encode → decode round trip',
        tried:
          'molecules from random DAGs (1–12 steps, retries, approval gates, loops) after up to 40 random events with hostile text, encoded under budgets from 60,000 down to 200 bytes',
        held: 'decode(encode(m)) equals the molecule encode kept; a state over budget is a typed state-too-large, never a partial body',
        runs: RUNS,
        seed: seedOf(),
        arbitrary: fc.tuple(moleculeArb, budgetArb),
        check: ([{ mol, proto }, budgetBytes]) => {
          const encoded = encodeState(mol, { proto, budgetBytes });
          assertTypedResult(encoded, 'encode');
          if (!encoded.ok) {
            expect(encoded.error.code).toBe('state-too-large');
            return;
          }
          expect(Buffer.byteLength(encoded.value.body)).toBeLessThanOrEqual(budgetBytes);
          const decoded = decodeState(encoded.value.body);
          expect(decoded).toEqual({ ok: true, value: encoded.value.mol });
          // Only the oldest history may be dropped to fit; the steps are kept whole.
          expect(encoded.value.mol.steps).toEqual(mol.steps);
        },
      });
      expect(details.failed, describeFailure(details)).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'truncated bodies decode to the same molecule or a typed error',
    () => {
      const details = runFuzz({
        name: 'state codec: truncated bodies',
        tried: `encoded state comments (a pool of ${POOL.length}: plain, deflated, trimmed, summary view) cut at a random byte`,
        held: 'decode never throws; it answers the untouched molecule (cut in the rendered view) or a typed state-corrupt/state-missing error',
        runs: RUNS,
        seed: seedOf(),
        arbitrary: fc.tuple(pooled, fc.double({ min: 0, max: 1, noNaN: true })),
        check: ([encoded, cut]) => {
          const body = encoded.body.slice(0, Math.floor(encoded.body.length * cut));
          const decoded = decodeState(body);
          assertTypedResult(decoded, 'decode truncated');
          if (decoded.ok) expect(decoded.value).toEqual(encoded.mol);
        },
      });
      expect(details.failed, describeFailure(details)).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'tampered sealed comments are never believed as another state',
    () => {
      let rejected = 0;
      const details = runFuzz({
        name: 'state codec + seal: tampered comments',
        tried:
          'sealed (HMAC) state comments with 1–4 random edits anywhere (block, base64, view, seal line), read as the comment store reads them',
        held: 'decode never throws; a comment whose content changed is rejected by the seal; a believed comment always holds exactly the molecule that was written',
        runs: RUNS,
        seed: seedOf(),
        arbitrary: fc.tuple(pooled, fc.integer()),
        check: ([encoded, seed]) => {
          const at = new Date(T0);
          const sealed = sealBody(encoded.body, at, KEY);
          const tampered = mutatedText(sealed, seed);
          assertTypedResult(decodeState(tampered), 'decode tampered');
          const view = {
            id: 1,
            nodeId: 'IC_1',
            author: 'molecular[bot]',
            body: tampered,
            updatedAt: at.toISOString(),
          };
          const trust = judgeComment(view, POLICY);
          const classified = classifyComments([view], POLICY);
          for (const found of classified.found) {
            expect(found.kind === 'state' ? found.mol : undefined).toEqual(encoded.mol);
          }
          if (!trust.ok) {
            rejected++;
            expect(trust.error.code).toBe('state-untrusted');
          }
        },
      });
      expect(details.failed, describeFailure(details)).toBe(false);
      // Nearly every random edit must have been caught by the seal (whitespace at the end is not an edit).
      expect(rejected).toBeGreaterThan(details.numRuns * 0.5);
    },
    TIMEOUT,
  );

  it(
    'arbitrary comment bodies with a state-block header decode to a typed answer',
    () => {
      const details = runFuzz({
        name: 'state codec: arbitrary bodies',
        tried:
          'arbitrary text behind `<!-- molecular:state v1 ` headers (json, deflate, unknown encodings, versions 0–3), random base64 and JSON',
        held: 'decode never throws; every answer a schema-valid molecule or a typed error',
        runs: RUNS,
        seed: seedOf(),
        arbitrary: fc.tuple(
          fc.constantFrom(
            '<!-- molecular:state v1 -->',
            '<!-- molecular:state v1 json\n',
            '<!-- molecular:state v1 deflate\n',
            '<!-- molecular:state v2 json\n',
            '<!-- molecular:state v0 json\n',
            '<!-- molecular:state v1 zstd\n',
            '',
          ),
          fc.oneof(
            fc.string({ maxLength: 200 }),
            fc.json({ maxDepth: 4 }),
            fc.base64String({ maxLength: 200 }),
            fc
              .jsonValue({ maxDepth: 3 })
              .map((v) => JSON.stringify({ v: 1, id: 'x', steps: [], history: [], extra: v })),
          ),
          fc.constantFrom('\n-->', '', '-->', '\n--> trailing'),
        ),
        check: ([head, payload, tail]) => {
          assertTypedResult(decodeState(head + payload + tail), 'decode arbitrary');
        },
      });
      expect(details.failed, describeFailure(details)).toBe(false);
    },
    TIMEOUT,
  );
});

/** GitHub's limit on a comment body: the most anyone can send. */
const COMMENT_CHARS = 65_536;

/** Deflate bombs as base64: JSON that inflates to 2, 20 and 45 MB from 2 to 60 KB of comment. */
const BOMBS = [2, 20, 45].map((mb) => {
  // Off the JS heap, so building them does not count towards the peak the fuzzer reports.
  const json = Buffer.concat([
    Buffer.from(`{"v":1,"id":"bomb-${mb}","pad":"`),
    Buffer.alloc(mb * 1_000_000, 'a'),
    Buffer.from('"}'),
  ]);
  return deflateSync(json).toString('base64');
});

const blanks = fc
  .tuple(fc.constantFrom(' ', '\t', ' \t', '\n', '\r\n', ' \n'), fc.integer({ min: 0, max: COMMENT_CHARS }))
  .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)));
const headerPiece = fc.constantFrom(
  '<!--',
  '<!-- molecular:state',
  '<!-- molecular:state v1',
  '<!-- molecular:state v1 deflate',
  '<!-- molecular:state v1 deflate\n',
  '<!-- molecular:archive v1\n',
  ' v',
  '123',
  'deflate',
  '\n',
  '-->',
  '<!-- molecular:digest sha256:',
);
const bombPiece = fc.nat({ max: BOMBS.length - 1 }).map((i) => BOMBS[i] as string);
/** Comments of up to 65,536 characters built from header fragments, long runs of blanks and bombs. */
const hostileComment = fc
  .array(
    fc.oneof(
      headerPiece,
      blanks,
      bombPiece,
      fc.base64String({ maxLength: 400 }),
      fc.string({ maxLength: 40 }),
    ),
    {
      minLength: 1,
      maxLength: 12,
    },
  )
  .map((parts) => parts.join('').slice(0, COMMENT_CHARS));

describe('fuzzing what anyone can send as a comment', () => {
  it(
    'hostile comments are read in bounded time and memory, and never believed',
    () => {
      const worst = { ms: 0, chars: 0, trustedMs: 0, body: '' };
      const before = process.memoryUsage();
      let peakHeap = before.heapUsed;
      let peakRss = before.rss;
      const details = runFuzz({
        name: 'state blocks: hostile comments (blanks, bombs)',
        tried: `comments of up to ${COMMENT_CHARS.toLocaleString('en-US')} characters of state, archive and seal header fragments, runs of up to ${COMMENT_CHARS.toLocaleString('en-US')} spaces, tabs and line breaks, random base64, and deflate bombs (2–45 MB from 2–60 KB), read as the comment store reads a stranger's comment and as it reads the bot's own`,
        held: "every read ends with a typed answer; a stranger's comment is never believed or inflated; the worst case per comment and the peak memory are in the counts",
        runs: RUNS,
        seed: seedOf(),
        arbitrary: hostileComment,
        check: (body) => {
          const stranger = {
            id: 1,
            nodeId: 'IC_1',
            author: 'mallory',
            body,
            updatedAt: new Date(T0).toISOString(),
          };
          const started = performance.now();
          findStateBlock(body);
          const classified = classifyComments([stranger], POLICY);
          const ms = performance.now() - started;
          expect(classified.found).toEqual([]);
          // The bot's own comment is decoded: inflation stops at its bound.
          const trustedStart = performance.now();
          assertTypedResult(decodeState(body), 'decode hostile');
          const trustedMs = performance.now() - trustedStart;
          if (ms > worst.ms) Object.assign(worst, { ms, chars: body.length, body });
          worst.trustedMs = Math.max(worst.trustedMs, trustedMs);
          const memory = process.memoryUsage();
          peakHeap = Math.max(peakHeap, memory.heapUsed);
          peakRss = Math.max(peakRss, memory.rss);
        },
      });
      const maxRssMb = process.resourceUsage().maxRSS / 1024;
      // A pause for garbage collection or a busy machine lands on some case: timing the worst
      // input again, best of five, tells that apart from an input that is slow itself.
      let again = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        findStateBlock(worst.body);
        classifyComments(
          [
            {
              id: 1,
              nodeId: 'IC_1',
              author: 'mallory',
              body: worst.body,
              updatedAt: new Date(T0).toISOString(),
            },
          ],
          POLICY,
        );
        again = Math.min(again, performance.now() - started);
      }
      recordResult({
        area: 'fuzz',
        name: 'state blocks: worst case per hostile comment',
        tried:
          'the same hostile comments, timed one by one (goal: 10 ms for any comment up to 65,536 characters)',
        runs: details.numRuns,
        failures: 0,
        held: `worst ${worst.ms.toFixed(2)} ms to find and judge a stranger's comment (${worst.chars.toLocaleString('en-US')} characters; ${again.toFixed(2)} ms when timed again), worst ${worst.trustedMs.toFixed(2)} ms to decode one as the bot's own; reported, not asserted`,
        counts: {
          worstStrangerMicros: Math.round(worst.ms * 1000),
          worstAgainMicros: Math.round(again * 1000),
          worstDecodeMicros: Math.round(worst.trustedMs * 1000),
          heapBeforeMb: Math.round(before.heapUsed / 2 ** 20),
          peakHeapMb: Math.round(peakHeap / 2 ** 20),
          rssBeforeMb: Math.round(before.rss / 2 ** 20),
          peakRssMb: Math.round(peakRss / 2 ** 20),
          maxRssMb: Math.round(maxRssMb),
        },
      });
      process.stderr.write(
        `fuzz-state: hostile comments: worst ${worst.ms.toFixed(2)} ms (${worst.chars} chars; ${again.toFixed(2)} ms timed again) as a stranger's, ${worst.trustedMs.toFixed(2)} ms decoded as the bot's; heap ${(before.heapUsed / 2 ** 20).toFixed(0)} → peak ${(peakHeap / 2 ** 20).toFixed(0)} MB, rss ${(before.rss / 2 ** 20).toFixed(0)} → peak ${(peakRss / 2 ** 20).toFixed(0)} MB, max rss ${maxRssMb.toFixed(0)} MB\n`,
      );
      expect(details.failed, describeFailure(details)).toBe(false);
    },
    TIMEOUT,
  );
});
