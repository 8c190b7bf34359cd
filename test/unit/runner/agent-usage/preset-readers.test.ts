import { describe, expect, it } from 'vitest';
import { claudeStreamReader } from '../../../../src/runner/agent-usage/claude-stream.js';
import { codexJsonReader } from '../../../../src/runner/agent-usage/codex-json.js';
import { geminiStreamReader } from '../../../../src/runner/agent-usage/gemini-stream.js';
import { opencodeJsonReader } from '../../../../src/runner/agent-usage/opencode-json.js';
import { presetReader } from '../../../../src/runner/agent-usage/preset-readers.js';

describe('codex exec --json', () => {
  it('reads turn.completed usage and shows agent messages', () => {
    const r = codexJsonReader();
    expect(r.line('{"type":"thread.started","thread_id":"t"}')).toEqual({ text: '' });
    expect(
      r.line('{"type":"item.completed","item":{"id":"i","type":"agent_message","text":"Done."}}'),
    ).toEqual({
      text: 'Done.\n',
    });
    expect(
      r.line(
        '{"type":"turn.completed","usage":{"input_tokens":24763,"cached_input_tokens":24448,"output_tokens":122}}',
      ),
    ).toEqual({ text: '', usage: { tokens_in: 24763, tokens_out: 122, turns: 1 } });
    expect(r.line('plain text\n')).toEqual({ text: 'plain text\n' });
  });
});

describe('claude -p --output-format stream-json', () => {
  it('names the model from the system init line', () => {
    const r = claudeStreamReader();
    expect(
      r.line(
        '{"type":"system","subtype":"init","session_id":"s","cwd":"/w","model":"claude-sonnet-4-5","tools":[]}',
      ),
    ).toEqual({ text: '', model: 'claude-sonnet-4-5' });
  });
});

describe('gemini --output-format stream-json', () => {
  it('shows assistant messages and reads the result stats', () => {
    const r = geminiStreamReader();
    // The init event names the model: what a price in the config is looked up by.
    expect(
      r.line(
        '{"type":"init","timestamp":"2025-10-10T12:00:00.000Z","session_id":"s","model":"gemini-2.5-pro"}',
      ),
    ).toEqual({ text: '', model: 'gemini-2.5-pro' });
    expect(r.line('{"type":"message","role":"user","content":"prompt"}')).toEqual({ text: '' });
    expect(r.line('{"type":"message","role":"assistant","content":"Hel","delta":true}')).toEqual({
      text: 'Hel',
    });
    expect(
      r.line(
        '{"type":"result","status":"success","stats":{"total_tokens":130,"input_tokens":100,"output_tokens":30}}',
      ),
    ).toEqual({ text: '\n', usage: { tokens_in: 100, tokens_out: 30 } });
    expect([...r.readable]).toEqual(['tokens']);
  });
});

describe('opencode run --format json', () => {
  it('reads each step_finish as a turn with its cost', () => {
    const r = opencodeJsonReader();
    expect(r.line('{"type":"text","part":{"type":"text","text":"ok"}}')).toEqual({ text: 'ok\n' });
    expect(
      r.line(
        '{"type":"step_finish","part":{"type":"step-finish","cost":0.0031,"tokens":{"input":1200,"output":300,"reasoning":50,"cache":{"read":800,"write":100}}}}',
      ),
    ).toEqual({ text: '', usage: { tokens_in: 2100, tokens_out: 350, cost_usd: 0.0031, turns: 1 } });
  });
});

describe('presetReader', () => {
  it('knows the four presets and nothing else', () => {
    expect(presetReader('claude')?.readable).toEqual(new Set(['usd', 'tokens', 'turns']));
    expect(presetReader('aider')).toBeUndefined();
    expect(presetReader('toString')).toBeUndefined();
  });
});
