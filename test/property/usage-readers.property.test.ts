/**
 * What an agent reports, however its output is cut: the `$MOL_USAGE_FILE` protocol read in
 * arbitrary chunks gives the sum of its lines, and a Claude stream's readings always add up to the
 * totals its result message states. Bounded runs; the seed is printed so a failure can be replayed.
 */
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addUsage, type Usage } from '../../src/engine/index.js';
import { claudeStreamReader } from '../../src/runner/agent-usage/claude-stream.js';
import { parseUsageLine, usageFileWatch } from '../../src/runner/agent-usage/usage-file.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
console.log(`usage-readers property seed: ${SEED}`);

const reading = fc.record(
  {
    tokens_in: fc.nat(100_000),
    tokens_out: fc.nat(100_000),
    cost_usd: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 10_000),
    turns: fc.nat(5),
  },
  { requiredKeys: [] },
);

describe('$MOL_USAGE_FILE', () => {
  it('gives the sum of its lines whatever chunks they are appended in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(reading, { maxLength: 12 }),
        fc.array(fc.nat(40), { maxLength: 12 }),
        async (lines, cuts) => {
          const dir = await mkdtemp(join(tmpdir(), 'mol-usage-'));
          try {
            const file = join(dir, 'usage.jsonl');
            let got: Usage = {};
            const problems: string[] = [];
            const watch = usageFileWatch(
              file,
              (u) => (got = addUsage(got, u)),
              (p) => problems.push(p),
            );
            const text = lines.map((l) => `${JSON.stringify(l)}\n`).join('');
            let at = 0;
            for (const cut of cuts) {
              const end = Math.min(text.length, at + cut);
              await appendFile(file, text.slice(at, end));
              at = end;
              await watch.poll();
            }
            await appendFile(file, text.slice(at));
            await watch.poll();
            const want = lines.reduce<Usage>((sum, l) => addUsage(sum, l), {});
            expect(problems).toEqual([]);
            expect(got).toEqual(want);
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('refuses a line that is not the protocol, naming what is wrong', () => {
    expect(parseUsageLine('{"tokens": 5}')).toEqual({
      ok: false,
      message: 'unknown field "tokens"; the fields are tokens_in, tokens_out, cost_usd, turns',
    });
    expect(parseUsageLine('{"turns": 1.5}')).toMatchObject({
      ok: false,
      message: expect.stringContaining('whole number'),
    });
    expect(parseUsageLine('{"cost_usd": -1}')).toMatchObject({ ok: false });
    expect(parseUsageLine('spent 3 dollars')).toMatchObject({
      ok: false,
      message: expect.stringContaining('not JSON'),
    });
  });
});

describe('claude stream-json', () => {
  it("adds up to the result message's totals, split messages counted once", () => {
    const turn = fc.record({
      in: fc.nat(5000),
      cacheRead: fc.nat(5000),
      out: fc.nat(2000),
      split: fc.nat(2),
    });
    fc.assert(
      fc.property(fc.array(turn, { maxLength: 8 }), fc.integer({ min: 0, max: 5000 }), (turns, cents) => {
        const reader = claudeStreamReader();
        let got: Usage = {};
        const feed = (line: unknown) => {
          const r = reader.line(JSON.stringify(line));
          if (r.usage !== undefined) got = addUsage(got, r.usage);
        };
        feed({ type: 'system', subtype: 'init', session_id: 's' });
        turns.forEach((t, i) => {
          const usage = {
            input_tokens: t.in,
            cache_read_input_tokens: t.cacheRead,
            cache_creation_input_tokens: 0,
            output_tokens: t.out,
          };
          // Parallel tool use: one API message over several lines, the same id and usage on each.
          for (let k = 0; k <= t.split; k++)
            feed({
              type: 'assistant',
              message: { id: `msg_${i}`, content: [{ type: 'text', text: 'x' }], usage },
            });
        });
        const totalIn = turns.reduce((s, t) => s + t.in + t.cacheRead, 0);
        const totalOut = turns.reduce((s, t) => s + t.out, 0);
        feed({
          type: 'result',
          subtype: 'success',
          num_turns: turns.length,
          total_cost_usd: cents / 100,
          usage: { input_tokens: totalIn, output_tokens: totalOut },
        });
        expect(got).toEqual({
          tokens_in: totalIn,
          tokens_out: totalOut,
          turns: turns.length,
          cost_usd: cents / 100,
        });
      }),
      { numRuns: RUNS * 3, seed: SEED },
    );
  });
});
