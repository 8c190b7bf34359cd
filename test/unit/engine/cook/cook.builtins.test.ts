/**
 * The built-in formulas (formulas/), cooked, and where they carry shell commands, run: each
 * `run` and command gate is executed with sh in a scratch folder, the way a runner would.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bindVars, cook } from '../../../../src/engine/cook/cook.js';
import type { Proto, ProtoGate } from '../../../../src/engine/cook/proto.js';
import { parseFormula } from '../../../../src/engine/formula/parse-formula.js';

function builtin(name: string, vars?: Record<string, string>): Proto {
  const file = `formulas/${name}.formula.toml`;
  const parsed = parseFormula(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const cooked = cook(parsed.value, { vars });
  if (!cooked.ok) throw new Error(cooked.error.message);
  return cooked.value.proto;
}

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mol-builtin-'));
  scratch.push(dir);
  return dir;
}

function sh(command: string, cwd: string, vars: Record<string, string> = {}, attempt = 1) {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    MOL_ATTEMPT: String(attempt),
  };
  for (const [name, value] of Object.entries(vars)) env[`MOL_VAR_${name.toUpperCase()}`] = value;
  return spawnSync('sh', ['-c', command], { cwd, env, encoding: 'utf8' });
}

function gatePasses(gate: ProtoGate, cwd: string, vars: Record<string, string>): boolean {
  if (gate.type === 'command') return sh(gate.run, cwd, vars).status === 0;
  if (gate.type === 'files') return gate.paths.every((p) => existsSync(join(cwd, p)));
  throw new Error(`no local check for a ${gate.type} gate`);
}

const ids = (proto: Proto) => proto.steps.map((s) => s.id);
const step = (proto: Proto, id: string) => proto.steps.find((s) => s.id === id);

describe('hello', () => {
  it('is a local fork-join of real commands with a command gate and a retried step', () => {
    const proto = builtin('hello');
    expect(proto.execution).toBe('local');
    expect(proto.steps.map((s) => [s.id, s.needs])).toEqual([
      ['greet', []],
      ['count', ['greet']],
      ['shout', ['greet']],
      ['join', ['count', 'shout']],
    ]);
    expect(step(proto, 'greet')?.gates).toEqual([{ type: 'command', run: 'test -s hello.txt' }]);
    expect(step(proto, 'shout')?.maxRetries).toBe(1);
    for (const s of proto.steps) expect(s.run).toBeDefined();
  });

  it('runs with POSIX sh: the flaky step fails once, passes on its retry, and the join holds every result', () => {
    const vars = { name: 'Ada O\'Brien "$(rm -rf /)"' };
    const proto = builtin('hello', vars);
    const dir = tempDir();
    const attempts: Record<string, number> = {};
    for (const s of proto.steps) {
      let status: number | null = null;
      let stderr = '';
      for (let attempt = 0; attempt <= (s.maxRetries ?? 2) && status !== 0; attempt++) {
        attempts[s.id] = attempt + 1;
        const run = sh(s.run as string, dir, vars, attempt + 1);
        status = run.status;
        stderr += run.stderr;
      }
      expect(status, `${s.id}: ${stderr}`).toBe(0);
      for (const gate of s.gates) expect(gatePasses(gate, dir, vars), `${s.id} gate ${gate.type}`).toBe(true);
      if (s.id === 'shout') expect(stderr).toContain('first try fails');
    }
    expect(attempts).toEqual({ greet: 1, count: 1, shout: 2, join: 1 });
    const greeting = 'Hello, Ada O\'Brien "$(rm -rf /)"!';
    expect(readFileSync(join(dir, 'summary.txt'), 'utf8')).toBe(
      `${greeting}\nwords: 6\n${greeting.toUpperCase()}\n`,
    );
  });

  it('greets the world by default', () => {
    expect(step(builtin('hello'), 'greet')?.title).toBe('Greet world');
    const proto = builtin('hello');
    expect(bindVars(proto.vars, {})).toEqual({ ok: true, value: { name: 'world' } });
  });
});

describe('gated-task', () => {
  const proto = builtin('gated-task', { task: 'add a login page' });

  it('runs five stages, each behind its gate', () => {
    expect(ids(proto)).toEqual([
      'plan',
      'plan-gate',
      'audit',
      'audit-gate',
      'execute',
      'execute-gate',
      'document',
      'document-gate',
      'verify',
      'self-correct',
    ]);
    for (const [stage, gate] of [
      ['plan', 'plan-gate'],
      ['audit', 'audit-gate'],
      ['execute', 'execute-gate'],
      ['document', 'document-gate'],
    ]) {
      expect(step(proto, gate as string)).toMatchObject({ type: 'gate', needs: [stage], maxRetries: 0 });
    }
    expect(step(proto, 'plan')?.title).toBe('Plan: add a login page');
  });

  it('sends a failed audit back to planning, and every other gate back to its own stage', () => {
    expect(step(proto, 'audit-gate')?.onFail).toBe('plan');
    expect(step(proto, 'plan-gate')?.onFail).toBe('plan');
    expect(step(proto, 'execute-gate')?.onFail).toBe('execute');
    expect(step(proto, 'document-gate')?.onFail).toBe('document');
  });

  it('self-corrects only after a failed verification, looping back to verify at most max_loops times', () => {
    expect(step(proto, 'verify')).toMatchObject({
      needs: ['document-gate'],
      maxRetries: 0,
      run: 'sh -c "$MOL_VAR_VERIFY_COMMAND"',
    });
    expect(step(proto, 'self-correct')).toMatchObject({
      needs: ['verify'],
      trigger: 'one_failed',
      onFail: 'verify',
      maxLoops: 3,
      maxRetries: 0,
      gates: [{ type: 'command', run: 'sh -c "$MOL_VAR_VERIFY_COMMAND"' }],
    });
    expect(proto.maxLoops).toBe(3);
  });

  it('has gate commands that tell a good plan and audit from a bad one', () => {
    const dir = tempDir();
    const planGate = step(proto, 'plan-gate')?.gates[0] as ProtoGate;
    const auditGate = step(proto, 'audit-gate')?.gates[0] as ProtoGate;
    writeFileSync(
      join(dir, 'plan.md'),
      '# Plan\n## Objective\nLog in.\n## Steps\n1. modify: x\n## Rollback\nrevert\n',
    );
    expect(gatePasses(planGate, dir, {})).toBe(true);
    writeFileSync(join(dir, 'plan.md'), '# Plan\n## Objective\nLog in.\n## Steps\n1. modify: x\n');
    expect(gatePasses(planGate, dir, {})).toBe(false);
    for (const [verdict, passes] of [
      ['Approval: approved', true],
      ['approval: Conditional (auto-fixable)', true],
      ['Approval: conditional', false],
      ['Approval: rejected', false],
    ] as const) {
      writeFileSync(join(dir, 'audit.md'), `# Audit\nNo issues.\n${verdict}\n`);
      expect(gatePasses(auditGate, dir, {}), verdict).toBe(passes);
    }
  });

  it('takes its commands from vars, through the environment', () => {
    const dir = tempDir();
    const executeGate = step(proto, 'execute-gate')?.gates[0] as ProtoGate;
    expect(gatePasses(executeGate, dir, { build_command: 'true' })).toBe(true);
    expect(gatePasses(executeGate, dir, { build_command: 'exit 2' })).toBe(false);
    expect(sh(step(proto, 'verify')?.run as string, dir, { verify_command: 'exit 1' }).status).toBe(1);
  });
});

describe('mol-inspector-verify', () => {
  const proto = builtin('mol-inspector-verify');

  it('forks advocate and critic after the audit and joins them at the judge', () => {
    expect(proto.steps.map((s) => [s.id, s.needs])).toEqual([
      ['elaborate', []],
      ['strategize', ['elaborate']],
      ['verify', ['strategize']],
      ['audit', ['verify']],
      ['advocate', ['audit']],
      ['criticize', ['audit']],
      ['judge', ['advocate', 'criticize']],
    ]);
  });

  it("verifies with a command (no LLM) that records the evidence and keeps the test command's status", () => {
    const verify = step(proto, 'verify')?.run as string;
    const dir = tempDir();
    const pass = sh(verify, dir, { test_command: 'echo 3 passed' });
    expect(pass.status).toBe(0);
    expect(readFileSync(join(dir, 'verification/results.txt'), 'utf8')).toBe('3 passed\n');
    expect(sh(verify, dir, { test_command: 'echo 1 failed; exit 3' }).status).toBe(3);
  });
});

describe('mol-witness-patrol', () => {
  it('patrols in order with its thresholds in the descriptions', () => {
    const proto = builtin('mol-witness-patrol');
    expect(ids(proto)).toEqual([
      'survey',
      'nudge-idle',
      'timeout-stuck',
      'redispatch-orphans',
      'release-locks',
      'evaporate-wisps',
      'report',
    ]);
    expect(step(proto, 'nudge-idle')?.description).toContain('idle for longer than 15m');
    expect(step(proto, 'timeout-stuck')?.description).toContain('past 2h');
    expect(step(proto, 'release-locks')?.description).toContain('longer than 10m');
    expect(proto.phase).toBe('vapor');
  });

  it('accepts durations for its thresholds and refuses anything else', () => {
    const proto = builtin('mol-witness-patrol');
    expect(bindVars(proto.vars, { nudge_after: '1h30m' })).toEqual({
      ok: true,
      value: { nudge_after: '1h30m', stuck_after: '2h', lock_ttl: '10m' },
    });
    const bad = bindVars(proto.vars, { lock_ttl: 'soon' });
    expect(!bad.ok && bad.error.code).toBe('var-pattern');
  });
});

describe('shiny and mol-polecat-work', () => {
  it('shiny is distributed, its design travels as design.md, and it needs a feature', () => {
    const proto = builtin('shiny');
    expect(proto.execution).toBe('distributed');
    expect(ids(proto)).toEqual(['design', 'implement', 'review', 'test', 'submit']);
    expect(step(proto, 'design')?.output).toBe('design.md');
    expect(step(proto, 'implement')?.description).toContain('design.md');
    const missing = bindVars(proto.vars, {});
    expect(!missing.ok && missing.error.code).toBe('missing-var');
  });

  it('mol-polecat-work goes understand -> implement -> test -> complete, tests gated by the test command', () => {
    const proto = builtin('mol-polecat-work');
    expect(proto.steps.map((s) => [s.id, s.needs])).toEqual([
      ['understand', []],
      ['implement', ['understand']],
      ['test', ['implement']],
      ['complete', ['test']],
    ]);
    for (const s of proto.steps) expect(s.description.length).toBeGreaterThan(80);
    expect(step(proto, 'test')?.gates).toEqual([{ type: 'command', run: 'sh -c "$MOL_VAR_TEST_COMMAND"' }]);
  });
});
