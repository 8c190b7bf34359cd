/**
 * The watch with the config's `prices`: an agent whose CLI reports tokens but no USD is costed by
 * the model its output names, else its --model, else its preset; a `usd` limit on it is readable
 * only with such a price, and the refusal names the `prices` key.
 */
import { describe, expect, it } from 'vitest';
import type { PriceTable } from '../../../../src/engine/index.js';
import { watchAgentUsage } from '../../../../src/shell/step/agent-watch.js';

const PRICES: PriceTable = {
  codex: { input: 2, output: 20 },
  'gpt-5': { input: 1, output: 10 },
  'gemini-2.5-pro': { input: 1.25, output: 10 },
  opencode: { input: 100, output: 100 },
};
const NONE = { molecule: {}, step: {} };

function watch(agent: string, usd: number | undefined, prices: PriceTable | undefined = PRICES) {
  return watchAgentUsage({
    stepId: 'work',
    agent,
    budget: {
      budgets: usd === undefined ? {} : { step: { usd } },
      spent: NONE,
      ...(prices === undefined ? {} : { prices }),
    },
    usageFile: '/nonexistent/usage.jsonl',
    log: () => {},
  });
}

const codexTurn = JSON.stringify({
  type: 'turn.completed',
  usage: { input_tokens: 1000, cached_input_tokens: 0, output_tokens: 100 },
});

describe('agent watch with prices', () => {
  it("costs codex's tokens by its --model's price, else by the preset's", async () => {
    const byModel = watch('codex -m gpt-5', 1);
    expect(byModel.refused).toBeUndefined();
    byModel.stdoutLine?.(codexTurn);
    expect((await byModel.finish(0)).cost_usd).toBe(0.002);

    const byPreset = watch('codex', 1);
    byPreset.stdoutLine?.(codexTurn);
    expect((await byPreset.finish(0)).cost_usd).toBe(0.004);
  });

  it('stops the agent on the reading whose cost reaches the usd limit', async () => {
    const w = watch('codex', 0.008);
    w.stdoutLine?.(codexTurn);
    expect(w.stop.aborted).toBe(false);
    w.stdoutLine?.(codexTurn);
    expect(w.stop.aborted).toBe(true);
    expect(String(w.stop.reason)).toBe("the step's usd budget is spent: $0.008 of $0.008");
    await w.finish(0);
  });

  it("takes the model gemini's output names over the preset", async () => {
    const w = watch('gemini', 1, { ...PRICES, gemini: { input: 0, output: 0 } });
    w.stdoutLine?.(JSON.stringify({ type: 'init', session_id: 's', model: 'gemini-2.5-pro' }));
    w.stdoutLine?.(JSON.stringify({ type: 'result', stats: { input_tokens: 1000, output_tokens: 100 } }));
    expect((await w.finish(0)).cost_usd).toBe(0.00225);
  });

  it('keeps the USD the CLI reports over the table', async () => {
    const w = watch('opencode', 1);
    w.stdoutLine?.(
      JSON.stringify({ type: 'step_finish', part: { cost: 0.01, tokens: { input: 1000, output: 100 } } }),
    );
    expect((await w.finish(0)).cost_usd).toBe(0.01);
  });

  it('refuses a usd limit without a price, naming the prices key to add', async () => {
    const refused = watch('gemini', 1).refused;
    expect(refused).toMatch(/its budget limits usd, but what agent "gemini" spends in usd cannot be read/);
    expect(refused).toContain('prices: { gemini: { input: <USD>, output: <USD> } } per million tokens');
    expect(watch('codex -m o3', 1, { 'gpt-5': { input: 1, output: 10 } }).refused).toContain(
      'prices: { o3: {',
    );
    // Without a usd limit nothing needs a price, and the agent starts.
    const free = watch('gemini', undefined, undefined);
    expect(free.refused).toBeUndefined();
    await free.finish(0);
  });
});
