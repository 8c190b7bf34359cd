import { describe, expect, it } from 'vitest';
import type { ProtoStep } from '../../../../src/engine/cook/proto.js';
import {
  agentCommandLine,
  agentModel,
  runsUnattended,
  withAgent,
} from '../../../../src/shell/step/agent-command.js';

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
  it('runs each preset in its non-interactive, machine-readable mode, reading the prompt from stdin', () => {
    expect(agentCommandLine('claude')).toBe(
      'claude -p --dangerously-skip-permissions --output-format stream-json --verbose',
    );
    expect(agentCommandLine('codex')).toBe('codex exec --full-auto --json -');
    expect(agentCommandLine('gemini')).toBe('gemini --yolo --output-format stream-json');
    expect(agentCommandLine('opencode')).toBe('opencode run --format json');
  });

  it("puts flags after a preset's name into its command, before codex's stdin dash", () => {
    expect(agentCommandLine('claude --model opus')).toBe(
      'claude -p --dangerously-skip-permissions --output-format stream-json --verbose --model opus',
    );
    expect(agentCommandLine('  codex  -m gpt-5 ')).toBe('codex exec --full-auto --json -m gpt-5 -');
  });

  it('runs anything else as written', () => {
    expect(agentCommandLine('./my-agent.sh --fast')).toBe('./my-agent.sh --fast');
    expect(agentCommandLine('command claude -p')).toBe('command claude -p');
    expect(agentCommandLine('toString')).toBe('toString');
    expect(agentCommandLine('claude-code')).toBe('claude-code');
  });
});

describe('agentModel', () => {
  it("is the model a preset's -m or --model names, for its price", () => {
    expect(agentModel('codex -m gpt-5')).toBe('gpt-5');
    expect(agentModel('gemini --model=gemini-2.5-pro --yolo')).toBe('gemini-2.5-pro');
    expect(agentModel('claude --model opus')).toBe('opus');
    expect(agentModel('opencode -m anthropic/claude-sonnet-4')).toBe('anthropic/claude-sonnet-4');
    expect(agentModel('codex')).toBeUndefined();
    expect(agentModel('codex --models-dir x')).toBeUndefined();
    // Not a preset: its flags mean whatever that command says.
    expect(agentModel('./my-agent.sh --model gpt-5')).toBeUndefined();
  });
});

describe('withAgent', () => {
  it('gives every task step without run the agent, leaves commands and steps for people alone', () => {
    const proto = {
      steps: [
        step('a', { agent: 'claude' }),
        step('b', { run: 'make' }),
        step('c'),
        step('d', { type: 'human' }),
        step('e', { type: 'gate' }),
      ],
    };
    expect(withAgent(proto, undefined)).toBe(proto);
    const over = withAgent(proto, 'my-agent');
    expect(over.steps.map((s) => s.agent)).toEqual(['my-agent', undefined, 'my-agent', undefined, undefined]);
    expect(proto.steps[0]?.agent).toBe('claude');
    expect(over.steps.map(runsUnattended)).toEqual([true, true, true, false, false]);
  });
});
