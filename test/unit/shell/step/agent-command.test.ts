import { describe, expect, it } from 'vitest';
import type { ProtoStep } from '../../../../src/engine/cook/proto.js';
import { agentCommandLine, runsUnattended, withAgent } from '../../../../src/shell/step/agent-command.js';

const step = (id: string, fields: Partial<ProtoStep> = {}): ProtoStep => ({
  id,
  title: id,
  description: '',
  needs: [],
  type: 'task',
  gates: [],
  trigger: 'all_success',
  ...fields,
});

describe('agentCommandLine', () => {
  it('runs each preset in its non-interactive mode, reading the prompt from stdin', () => {
    expect(agentCommandLine('claude')).toBe('claude -p --dangerously-skip-permissions');
    expect(agentCommandLine('codex')).toBe('codex exec --full-auto -');
    expect(agentCommandLine('gemini')).toBe('gemini --yolo');
    expect(agentCommandLine('opencode')).toBe('opencode run');
  });

  it("puts flags after a preset's name into its command, before codex's stdin dash", () => {
    expect(agentCommandLine('claude --model opus')).toBe(
      'claude -p --dangerously-skip-permissions --model opus',
    );
    expect(agentCommandLine('  codex  -m gpt-5 ')).toBe('codex exec --full-auto -m gpt-5 -');
  });

  it('runs anything else as written', () => {
    expect(agentCommandLine('./my-agent.sh --fast')).toBe('./my-agent.sh --fast');
    expect(agentCommandLine('command claude -p')).toBe('command claude -p');
    expect(agentCommandLine('toString')).toBe('toString');
    expect(agentCommandLine('claude-code')).toBe('claude-code');
  });
});

describe('withAgent', () => {
  it('replaces the agent of agent steps only, and keeps the proto when there is no override', () => {
    const proto = { steps: [step('a', { agent: 'claude' }), step('b', { run: 'make' }), step('c')] };
    expect(withAgent(proto, undefined)).toBe(proto);
    const over = withAgent(proto, 'my-agent');
    expect(over.steps.map((s) => s.agent)).toEqual(['my-agent', undefined, undefined]);
    expect(proto.steps[0]?.agent).toBe('claude');
    expect(over.steps.map(runsUnattended)).toEqual([true, true, false]);
  });
});
