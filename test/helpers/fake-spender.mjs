#!/usr/bin/env node
/**
 * A stand-in for an agent CLI that reports what it spends in that CLI's machine-readable format,
 * for budget tests. `node fake-spender.mjs <format> [flags…]`, the format one of:
 *
 *   claude    `claude -p --output-format stream-json --verbose`: a system init line, one
 *             `assistant` message per turn (message.id, content, message.usage), then a `result`
 *             with total_cost_usd, num_turns and usage (Agent SDK reference: SDKAssistantMessage,
 *             SDKResultMessage)
 *   codex     `codex exec --json`: thread.started, turn.started, item.completed (agent_message),
 *             turn.completed with usage {input_tokens, cached_input_tokens, output_tokens}
 *             (codex-rs/exec/src/exec_events.rs), one turn per turn
 *   gemini    `gemini --output-format stream-json`: init, message (assistant), result with stats
 *             {total_tokens, input_tokens, output_tokens, …} (packages/core/src/output/types.ts)
 *   opencode  `opencode run --format json`: step_start, text, step_finish with part.cost and
 *             part.tokens {input, output, reasoning, cache {read, write}} (StepFinishPart)
 *   file      plain text on stdout; one line per turn appended to $MOL_USAGE_FILE
 *
 * Presets pass their flags: the fake exits 2 when the flag that selects the JSON mode is missing.
 * Before its turns it writes `work/$MOL_STEP.txt` (work in progress). Environment:
 *   FAKE_TURNS (default 3), FAKE_IN / FAKE_OUT tokens per turn (default 1000 / 100),
 *   FAKE_COST USD per turn (default 0.01),
 *   FAKE_SAY           the text of the last turn, in place of `turn n of <step>`
 *   FAKE_HOLD_AFTER=n  after turn n, wait 20 s before going on: a runner that stops the agent on
 *                      that turn's reading kills it during the wait; one that does not sees more turns
 *   FAKE_HANG=1        after the turns, go quiet forever (a time limit must stop it)
 *   FAKE_SPENDER_LOG   append one line per run: the step, its attempt and the argv
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';

const [format, ...flags] = process.argv.slice(2);
const need = {
  claude: '--output-format stream-json',
  codex: '--json',
  gemini: '--output-format stream-json',
  opencode: '--format json',
}[format];
if (need !== undefined && !flags.join(' ').includes(need)) {
  console.error(`fake ${format}: run without ${need}`);
  process.exit(2);
}
for await (const _ of process.stdin); // the prompt

const env = process.env;
const turns = Number(env.FAKE_TURNS ?? 3);
const tin = Number(env.FAKE_IN ?? 1000);
const tout = Number(env.FAKE_OUT ?? 100);
const cost = Number(env.FAKE_COST ?? 0.01);
const holdAfter = env.FAKE_HOLD_AFTER === undefined ? undefined : Number(env.FAKE_HOLD_AFTER);
if (env.FAKE_SPENDER_LOG)
  appendFileSync(
    env.FAKE_SPENDER_LOG,
    `${JSON.stringify({ step: env.MOL_STEP, attempt: env.MOL_ATTEMPT, flags })}\n`,
  );

mkdirSync('work', { recursive: true });
writeFileSync(`work/${env.MOL_STEP}.txt`, `work in progress of ${env.MOL_STEP}\n`);

const out = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const session = 'fake-session';
const now = () => new Date().toISOString();
if (format === 'claude')
  out({
    type: 'system',
    subtype: 'init',
    session_id: session,
    cwd: process.cwd(),
    model: 'claude-fake',
    tools: [],
  });
if (format === 'codex') out({ type: 'thread.started', thread_id: 'fake-thread' });
if (format === 'gemini') out({ type: 'init', timestamp: now(), session_id: session, model: 'gemini-fake' });

for (let turn = 1; turn <= turns; turn++) {
  const text = turn === turns && env.FAKE_SAY ? env.FAKE_SAY : `turn ${turn} of ${env.MOL_STEP}`;
  if (format === 'claude') {
    out({
      type: 'assistant',
      message: {
        id: `msg_${turn}`,
        type: 'message',
        role: 'assistant',
        model: 'claude-fake',
        content: [{ type: 'text', text }],
        stop_reason: null,
        usage: {
          input_tokens: tin - 200,
          cache_creation_input_tokens: 100,
          cache_read_input_tokens: 100,
          output_tokens: tout,
        },
      },
      parent_tool_use_id: null,
      session_id: session,
    });
  } else if (format === 'codex') {
    out({ type: 'turn.started' });
    out({ type: 'item.completed', item: { id: `item_${turn}`, type: 'agent_message', text } });
    out({
      type: 'turn.completed',
      usage: { input_tokens: tin, cached_input_tokens: 0, output_tokens: tout },
    });
  } else if (format === 'gemini') {
    out({ type: 'message', timestamp: now(), role: 'assistant', content: text, delta: false });
  } else if (format === 'opencode') {
    out({ type: 'step_start', timestamp: Date.now(), sessionID: session, part: { type: 'step-start' } });
    out({ type: 'text', timestamp: Date.now(), sessionID: session, part: { type: 'text', text } });
    out({
      type: 'step_finish',
      timestamp: Date.now(),
      sessionID: session,
      part: {
        type: 'step-finish',
        reason: 'tool-calls',
        cost,
        tokens: { input: tin - 100, output: tout, reasoning: 0, cache: { read: 100, write: 0 } },
      },
    });
  } else {
    console.log(text);
    appendFileSync(
      env.MOL_USAGE_FILE,
      `${JSON.stringify({ tokens_in: tin, tokens_out: tout, cost_usd: cost, turns: 1 })}\n`,
    );
  }
  if (turn === holdAfter) await new Promise((r) => setTimeout(r, 20_000));
}
if (env.FAKE_HANG === '1') await new Promise(() => setInterval(() => {}, 60_000));
if (format === 'claude')
  out({
    type: 'result',
    subtype: 'success',
    is_error: false,
    duration_ms: 10,
    duration_api_ms: 8,
    num_turns: turns,
    result: 'done',
    session_id: session,
    total_cost_usd: Math.round(turns * cost * 1e6) / 1e6,
    usage: {
      input_tokens: turns * (tin - 200),
      cache_creation_input_tokens: turns * 100,
      cache_read_input_tokens: turns * 100,
      output_tokens: turns * tout,
    },
  });
if (format === 'gemini')
  out({
    type: 'result',
    timestamp: now(),
    status: 'success',
    stats: {
      total_tokens: turns * (tin + tout),
      input_tokens: turns * tin,
      output_tokens: turns * tout,
      cached: 0,
      input: turns * tin,
      duration_ms: 10,
      tool_calls: 0,
    },
  });
