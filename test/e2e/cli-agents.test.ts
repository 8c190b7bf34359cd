/**
 * Agent steps through the real `mol` binary, real git and the fake agent (test/helpers/fake-agent.mjs,
 * which follows `FAKE:` cues in its prompt): each agent step is a fresh process in the step's own
 * worktree, with the prompt on stdin and in `$MOL_PROMPT_FILE`, and what it changed becomes the
 * step's commit and checkpoint.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, mol, useCliRepo } from '../helpers/cli.js';

const FAKE_AGENT = `node '${resolve(import.meta.dirname, '../helpers/fake-agent.mjs')}'`;

interface StepJson {
  id: string;
  status: string;
  attempts: number;
  branch?: string;
  error?: string;
  checkpoint?: { commit?: string; filesModified: string[] };
}
interface MolJson {
  id: string;
  status: string;
  steps: StepJson[];
}
interface AgentRun {
  pid: number;
  molecule: string;
  step: string;
  inputs: string;
  vars: Record<string, string>;
  cwd: string;
  branch: string;
  promptFile: string;
  sameInFile: boolean;
  prompt: string;
}

let agentLog: string;

const { cli, repo } = useCliRepo(async (repo) => {
  agentLog = join(repo.flows, 'agents.jsonl');
});

async function formula(name: string, toml: string): Promise<string> {
  const path = join(repo.flows, `${name}.formula.toml`);
  await writeFile(path, toml);
  return path;
}

const run = (args: string[], env: Record<string, string> = {}) =>
  mol(cli, args, { cwd: repo.dir, env: { FAKE_AGENT_LOG: agentLog, ...env } });
const status = async (id: string) => json<MolJson>(await run(['status', id, '--json']));
const step = (m: MolJson, id: string) => m.steps.find((s) => s.id === id) as StepJson;
const agentRuns = async (): Promise<AgentRun[]> =>
  existsSync(agentLog)
    ? (await readFile(agentLog, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as AgentRun)
    : [];

// Each test runs `mol` several times with real git and node agents: slow on a loaded machine.
const SLOW = { timeout: 240_000 };

describe('agent steps, distributed', SLOW, () => {
  it('runs three fresh agents in three worktrees, each seeing the files before it', async () => {
    const file = await formula(
      'agents3',
      `formula = "agents3"
execution = "distributed"
agent = "${FAKE_AGENT}"
[vars.who]
default = "ada"
[[steps]]
id = "plan"
title = "Write the plan"
description = """
Plan it for {{who}}.
FAKE: write plan.md the plan
"""
acceptance = "plan.md exists"
output = "plan.md"
[[steps]]
id = "build"
needs = ["plan"]
description = """
FAKE: read plan.md
FAKE: write src/build.txt built
FAKE: write notes/build.md notes
FAKE: commit
"""
output = "src/build.txt"
[[steps]]
id = "check"
needs = ["build"]
description = """
FAKE: read plan.md
FAKE: read src/build.txt
FAKE: write check.txt checked
"""
`,
    );
    const result = await run(['run', file, '--id', 'ag1']);
    expect(result.stderr).not.toMatch(/^mol: /m);
    expect(result.code).toBe(0);

    const runs = await agentRuns();
    expect(runs.map((r) => r.step)).toEqual(['plan', 'build', 'check']);
    expect(new Set(runs.map((r) => r.pid)).size).toBe(3);
    expect(new Set(runs.map((r) => r.cwd)).size).toBe(3);
    for (const r of runs) {
      expect(r.molecule).toBe('ag1');
      expect(r.cwd).not.toBe(repo.dir);
      expect(r.branch).toBe(`molecular/ag1/${r.step}`);
      expect(r.sameInFile).toBe(true);
      expect(r.promptFile.startsWith(r.cwd)).toBe(false);
      expect(r.vars).toEqual({ MOL_VAR_WHO: 'ada' });
    }
    const [plan, build, check] = runs as [AgentRun, AgentRun, AgentRun];
    expect(plan.prompt).toContain('# Write the plan');
    expect(plan.prompt).toContain('Plan it for ada.');
    expect(plan.prompt).toContain('## Acceptance\n\nplan.md exists');
    expect(check.prompt).toContain('- `src/build.txt` (from step `build`)');
    expect(check.prompt).toContain('- `plan.md` (from step `plan`)');
    expect(check.inputs).toBe('src/build.txt\nplan.md');
    expect(build.prompt).not.toContain('## Previous attempt');

    const m = await status('ag1');
    expect(m.status).toBe('complete');
    const files: Record<string, string[]> = {
      plan: ['plan.md'],
      build: ['notes/build.md', 'src/build.txt'],
      check: ['check.txt'],
    };
    for (const s of m.steps) {
      expect(s.status).toBe('completed');
      expect(s.checkpoint?.commit).toBe(await repo.git(['rev-parse', `molecular/ag1/${s.id}`]));
      expect([...(s.checkpoint?.filesModified ?? [])].sort()).toEqual(files[s.id]);
    }
    const last = (await repo.git(['ls-tree', '-r', '--name-only', 'molecular/ag1/check'])).split('\n');
    expect(last).toEqual(expect.arrayContaining(['plan.md', 'src/build.txt', 'notes/build.md', 'check.txt']));
    // The agent of build committed by itself: its commit is on the step's branch.
    expect(await repo.git(['log', '--format=%s', 'molecular/ag1/build'])).toContain('fake agent work');
  });

  it('stops an idle agent, commits its work in progress as WIP and fails the attempt', async () => {
    const file = await formula(
      'idle',
      `formula = "idle"
execution = "distributed"
[[steps]]
id = "stuck"
agent = "${FAKE_AGENT}"
idle_timeout = "8s"
max_retries = 0
description = """
FAKE: write wip/half.txt half done
FAKE: hang
"""
`,
    );
    const pids = join(repo.flows, 'pids.txt');
    const result = await run(['run', file, '--id', 'idle1'], { FAKE_AGENT_PIDS: pids });
    expect(result.code).toBe(1);
    const m = await status('idle1');
    const stuck = step(m, 'stuck');
    expect(stuck.status).toBe('failed');
    expect(stuck.attempts).toBe(1);
    expect(stuck.error).toMatch(/idle for 8s/);
    const subject = await repo.git(['log', '-1', '--format=%s', 'molecular/idle1/stuck']);
    expect(subject.startsWith('WIP')).toBe(true);
    expect(await repo.git(['show', 'molecular/idle1/stuck:wip/half.txt'])).toBe('half done');
    expect(stuck.error).toContain((await repo.git(['rev-parse', 'molecular/idle1/stuck'])).slice(0, 7));
    // The whole process group went: the agent and the child it started.
    const [agentPid, sleeperPid] = (await readFile(pids, 'utf8')).trim().split(' ').map(Number);
    for (const pid of [agentPid, sleeperPid]) expect(await gone(pid as number)).toBe(true);
  });

  it("keeps an idled-out attempt's WIP commit at its attempt ref when the step is retried", async () => {
    const file = await formula(
      'idle-retry',
      `formula = "idle-retry"
execution = "distributed"
[[steps]]
id = "stuck"
agent = "${FAKE_AGENT}"
idle_timeout = "8s"
max_retries = 1
description = """
FAKE: write wip/half.txt half done
FAKE: hang
"""
`,
    );
    const result = await run(['run', file, '--id', 'idle2']);
    expect(result.code).toBe(1);
    const stuck = step(await status('idle2'), 'stuck');
    expect(stuck.status).toBe('failed');
    expect(stuck.attempts).toBe(2);
    // The first attempt's WIP commit survived the branch being rebuilt for the retry.
    const kept = 'refs/molecular/attempts/idle2/stuck/1';
    expect((await repo.git(['log', '-1', '--format=%s', kept])).startsWith('WIP')).toBe(true);
    expect(await repo.git(['show', `${kept}:wip/half.txt`])).toBe('half done');
    expect(await repo.git(['rev-parse', kept])).not.toBe(
      await repo.git(['rev-parse', 'molecular/idle2/stuck']),
    );
  });
});

describe('agent steps, local', SLOW, () => {
  it('retries a failed agent with the failure in its prompt', async () => {
    const file = await formula(
      'flaky',
      `formula = "flaky"
[[steps]]
id = "fix"
agent = "${FAKE_AGENT}"
description = """
FAKE: fail-first the widget test is red
FAKE: write fixed.txt fixed
"""
`,
    );
    const result = await run(['run', file, '--id', 'flaky1']);
    expect(result.code).toBe(0);
    const runs = await agentRuns();
    expect(runs).toHaveLength(2);
    expect(runs[0]?.prompt).not.toContain('## Previous attempt');
    expect(runs[1]?.prompt).toMatch(/## Previous attempt[\s\S]*exited with 3: the widget test is red/);
    const fix = step(await status('flaky1'), 'fix');
    expect(fix).toMatchObject({ status: 'completed', attempts: 2 });
    expect(fix.checkpoint?.filesModified).toEqual(['fixed.txt']);
  });

  it('--agent replaces the agent of every agent step for the run', async () => {
    const file = await formula(
      'override',
      `formula = "override"
agent = "echo the formula agent ran; exit 7"
[[steps]]
id = "one"
description = "FAKE: write one.txt 1"
[[steps]]
id = "two"
needs = ["one"]
agent = "exit 8"
description = "FAKE: write two.txt 2"
[[steps]]
id = "human"
needs = ["two"]
type = "human"
`,
    );
    const result = await run(['run', file, '--id', 'ov1', '--agent', FAKE_AGENT]);
    // The human step has no agent: it waits for a person.
    expect(result.code).toBe(3);
    expect((await agentRuns()).map((r) => r.step)).toEqual(['one', 'two']);
    const m = await status('ov1');
    expect(step(m, 'two').checkpoint?.filesModified).toEqual(['two.txt']);
    expect(step(m, 'human').status).toBe('ready');
  });

  it('uses the formula agent for steps without run or agent of their own', async () => {
    const file = await formula(
      'default',
      `formula = "default"
agent = "${FAKE_AGENT}"
[[steps]]
id = "cmd"
run = "echo cmd > cmd.txt"
[[steps]]
id = "agentic"
needs = ["cmd"]
description = "FAKE: write agentic.txt yes"
`,
    );
    const result = await run(['run', file, '--id', 'def1']);
    expect(result.code).toBe(0);
    expect((await agentRuns()).map((r) => r.step)).toEqual(['agentic']);
    expect(step(await status('def1'), 'agentic').checkpoint?.filesModified).toEqual(['agentic.txt']);
  });

  it('mol prompt prints the prompt the agent gets; mol done records work done by hand', async () => {
    const file = await formula(
      'byhand',
      `formula = "byhand"
agent = "${FAKE_AGENT}"
[[steps]]
id = "draft"
title = "Draft the notes"
description = "Write notes for the release."
acceptance = "notes.md has a heading"
output = "notes.md"
`,
    );
    const poured = await run(['pour', file, '--id', 'hand1']);
    expect(poured.code).toBe(0);
    const printed = await run(['prompt', 'hand1', 'draft']);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain('# Draft the notes');
    expect(printed.stdout).toContain('Write notes for the release.');
    expect(printed.stdout).toContain('## Acceptance\n\nnotes.md has a heading');

    // Someone runs the agent by hand: one file committed, one left uncommitted.
    await repo.write('notes.md', '# Notes\n');
    await repo.commitAll('notes');
    await repo.write('extra/changes.md', 'more\n');
    const done = await run(['done', 'hand1', 'draft', '--no-run']);
    expect(done.code).toBe(0);
    const draft = step(await status('hand1'), 'draft');
    expect(draft.status).toBe('completed');
    expect([...(draft.checkpoint?.filesModified ?? [])].sort()).toEqual(['extra/changes.md', 'notes.md']);
    expect(draft.checkpoint?.commit).toBe(await repo.git(['rev-parse', 'HEAD']));
    expect(await repo.git(['status', '--porcelain', '--', 'extra'])).toBe('');
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie has ended; only its parent (or an init that may never reap it) still holds its entry.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Waits for a signalled process to end: delivery and exit take a moment on a loaded machine. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 300 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  return !alive(pid);
}
