import { describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import { formula, library } from './fixture.js';

const codesOf = (result: ReturnType<typeof cook>) =>
  result.ok ? [] : (result.error.diagnostics?.map((d) => d.code) ?? [result.error.code]);

const stepsOf = (text: string) => {
  const cooked = cook(formula(text));
  if (!cooked.ok) throw new Error(cooked.error.message);
  return { steps: cooked.value.proto.steps, warnings: cooked.value.warnings };
};

describe('agent steps in cook', () => {
  it('gives the formula agent to tasks with neither run nor an agent of their own', () => {
    const { steps } = stepsOf(`
agent = "claude --model opus"
[[steps]]
id = "cmd"
run = "make"
[[steps]]
id = "own"
agent = "codex"
idle_timeout = "20m"
[[steps]]
id = "plain"
[[steps]]
id = "person"
type = "human"
[[steps]]
id = "wait"
gate = { type = "timer", after = "1h" }
`);
    const by = Object.fromEntries(steps.map((s) => [s.id, s]));
    expect(by.cmd?.agent).toBeUndefined();
    expect(by.own).toMatchObject({ agent: 'codex', idleTimeout: '20m', type: 'task' });
    expect(by.plain?.agent).toBe('claude --model opus');
    expect(by.person?.agent).toBeUndefined();
    expect(by.wait).toMatchObject({ type: 'gate' });
    expect(by.wait?.agent).toBeUndefined();
  });

  it('inherits the agent through extends, and a child formula may replace it', () => {
    const base = formula(`formula = "base"\nagent = "gemini"\n[[steps]]\nid = "a"\n`, 'base.formula.toml');
    const child = formula(`formula = "child"\nextends = "base"\n[[steps]]\nid = "b"\nneeds = ["a"]\n`);
    const cooked = cook(child, { library: library(base) });
    expect(cooked.ok && cooked.value.proto.steps.map((s) => s.agent)).toEqual(['gemini', 'gemini']);
    const own = formula(`formula = "own"\nextends = "base"\nagent = "opencode"\n`);
    const again = cook(own, { library: library(base) });
    expect(again.ok && again.value.proto.steps.map((s) => s.agent)).toEqual(['opencode']);
  });

  it('refuses a step with both run and agent, and a {{var}} in an agent line', () => {
    const both = cook(formula(`[[steps]]\nid = "x"\nrun = "make"\nagent = "claude"\n`));
    expect(both.ok).toBe(false);
    expect(codesOf(both)).toContain('run-and-agent');
    const templated = cook(
      formula(`[vars.m]\ndefault = "o"\n[[steps]]\nid = "x"\nagent = "claude --model {{m}}"\n`),
    );
    expect(codesOf(templated)).toContain('var-in-run');
  });

  it('warns about an idle_timeout on a step no agent does', () => {
    const { steps, warnings } = stepsOf(`[[steps]]\nid = "x"\nrun = "make"\nidle_timeout = "5m"\n`);
    expect(steps[0]?.idleTimeout).toBeUndefined();
    expect(warnings.map((w) => w.code)).toEqual(['idle-timeout-without-agent']);
  });
});
