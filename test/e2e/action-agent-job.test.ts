/**
 * The agent workflow (molecular-agent-step.yml) end to end on a simulated runner: each dispatch
 * of the step is one workflow run of three jobs — `step-start` (lease, the step's branch pushed,
 * the prompt), the agent job (a fresh clone of that branch, no token at all, the fake agent, its
 * work packaged as a patch exactly as the workflow does it), and `step-finish` with `work` in a
 * fresh clone (patch applied, gates, commit, push, record). A gate that fails on the first
 * attempt makes the step retry in a new run, which completes it; no gate or agent sees a token.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useActionBundle } from '../helpers/action-repo.js';
import type { JobResult } from '../helpers/simulated-runner.js';

const exec = promisify(execFile);
const TOKEN = 'ghs_agent_workflow_token';
const FAKE_AGENT = resolve(import.meta.dirname, '../helpers/fake-agent-job.mjs');

const FORMULA = `formula = "answer"
description = "One agent step"
execution = "distributed"
version = 1

[[steps]]
id = "answer"
title = "Answer"
description = """
Write the answer.

write answer.txt: answer from attempt {attempt}
"""
max_retries = 1
gates = [
  { type = "command", run = "env > \\"$GATE_ENV_DUMP\\"; grep -q 'attempt 2' answer.txt" },
]
`;

const bundle = useActionBundle();

describe('the agent workflow: start, a read-only agent job, finish', () => {
  it('runs the agent without a token, records its work in the finish job, and retries when a gate fails', async () => {
    const { git, runner, label, molecule, onDispatch, settle } = await bundle.start({
      token: TOKEN,
      formulas: { answer: FORMULA },
      people: { alice: 'write' },
      issue: { title: 'Answer it', author: 'alice' },
    });
    const scratch = join(git.root, 'scratch');
    await mkdir(scratch);
    const gateDump = join(scratch, 'gate.env');
    const counter = join(scratch, 'agent-count');

    const runs: Array<{ start: JobResult; agentEnv?: string; finish?: JobResult }> = [];
    onDispatch(async ({ payload, step: stepInputs }) => {
      const runId = runner.newRunId();
      const job = (mode: string, extra: Record<string, string> = {}) =>
        runner.run({
          eventName: 'workflow_dispatch',
          payload,
          inputs: { mode, ...stepInputs, ...extra },
          ref: 'main',
          runId,
          env: { GATE_ENV_DUMP: gateDump },
        });
      const start = await job('step-start');
      const run: (typeof runs)[number] = { start };
      runs.push(run);
      if (start.outputs.status !== 'in_progress') return;
      // The agent job: the branch without credentials, no token in its environment.
      const agentDir = join(git.root, `agent-${runId}`);
      await exec('git', ['clone', '-q', '--branch', start.outputs.branch ?? '', git.remote, agentDir]);
      const promptFile = join(agentDir, '..', `prompt-${runId}.md`);
      await writeFile(promptFile, start.outputs.prompt ?? '');
      const agentEnv = join(scratch, `agent-${runId}.env`);
      await exec(process.execPath, [FAKE_AGENT], {
        cwd: agentDir,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          MOL_PROMPT_FILE: promptFile,
          FAKE_AGENT_COUNTER: counter,
          FAKE_AGENT_ENV: agentEnv,
        },
      });
      run.agentEnv = await readFile(agentEnv, 'utf8');
      // "Package the work", as the workflow's step does it.
      const patch = join(git.root, `work-${runId}.patch`);
      await exec('sh', ['-c', `git add -A && git diff --cached --binary "$BASE" > '${patch}'`], {
        cwd: agentDir,
        env: { PATH: process.env.PATH, BASE: start.outputs.base ?? '' },
      });
      run.finish = await job('step-finish', { work: patch });
    });

    const labelled = await label('formula:answer');
    expect(labelled.exitCode, labelled.stdout + labelled.stderr).toBe(0);
    // Each run's finish may dispatch the next (the retry): wait until no run is left.
    await settle();

    expect(runs).toHaveLength(2);
    const [first, second] = runs as [(typeof runs)[number], (typeof runs)[number]];
    expect(first.start.exitCode, first.start.stderr).toBe(0);
    expect(first.finish?.exitCode).toBe(1);
    expect(first.finish?.stdout).toMatch(/will be retried/);
    expect(second.finish?.exitCode, second.finish?.stdout).toBe(0);

    const mol = molecule();
    const step = mol.steps.find((s) => s.id === 'answer');
    expect(step?.status).toBe('completed');
    expect(step?.checkpoint?.filesModified).toEqual(['answer.txt']);
    const pushed = await exec('git', [
      `--git-dir=${git.remote}`,
      'show',
      'molecular/' + mol.id + '/answer:answer.txt',
    ]);
    expect(pushed.stdout).toBe('answer from attempt 2\n');

    for (const run of runs) {
      expect(run.agentEnv?.split('\n')).not.toContain('INPUT_GITHUB-TOKEN');
      expect(run.agentEnv).not.toMatch(/TOKEN/);
    }
    const gateEnv = await readFile(gateDump, 'utf8');
    expect(gateEnv).toContain('MOL_STEP=answer');
    expect(gateEnv).not.toContain(TOKEN);
    expect(gateEnv).not.toMatch(/^INPUT_/m);
  }, 240_000);
});
