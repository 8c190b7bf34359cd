/**
 * `agent` mode: the agent job of the agent workflow runs the agent under the same watch as `mol`
 * does locally. `agent` is a preset or a command line; the prompt comes from `$MOL_PROMPT_FILE`
 * (or the `prompt` input); `budget` is step-start's `budget` output (the limits that hold and what
 * was spent before). What the agent used, and why it was stopped if it was, goes to the file named
 * by `usage` (beside the work patch), for step-finish to record, with the end of its output (a
 * fan-out step's items are its last JSON line). A budget stop is not a failure of
 * this job: its work in progress must still be packaged, so step-finish can keep it as WIP.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { BudgetSchema, PriceTableSchema, UsageSchema } from '../../engine/index.js';
import { runCommand } from '../../runner/run-process.js';
import { agentCommandLine } from '../../shell/step/agent-command.js';
import { type AgentBudget, watchAgentUsage } from '../../shell/step/agent-watch.js';
import type { ActionIO, ModeResult } from '../action-io.js';

/** step-start's `budget` output. */
export const AgentBudgetOutputSchema = z.object({
  step: z.string(),
  usage: z.literal('file').optional(),
  budgets: z.object({ molecule: BudgetSchema.optional(), step: BudgetSchema.optional() }),
  spent: z.object({ molecule: UsageSchema, step: UsageSchema }),
  prices: PriceTableSchema.optional(),
});
export type AgentBudgetOutput = z.infer<typeof AgentBudgetOutputSchema>;

/** What the agent job tells step-finish. */
export const AgentReportSchema = z.object({
  usage: UsageSchema,
  exitCode: z.number().int().nullable(),
  stoppedFor: z.string().optional(),
  /**
   * The end of what the agent printed (its text, as the log shows it): the step's output, whose
   * last JSON line an `on_complete` fan-out reads, as it reads a command's.
   */
  outputTail: z.string().optional(),
});
export type AgentReport = z.infer<typeof AgentReportSchema>;

export interface AgentModeInput {
  io: ActionIO;
  workspace: string;
  agent: string | undefined;
  budget: string | undefined;
  prompt: string | undefined;
  usageOut: string;
  env: NodeJS.ProcessEnv;
}

export async function agentMode(input: AgentModeInput): Promise<ModeResult> {
  const { io } = input;
  if (input.agent === undefined) return { outputs: {}, failure: 'mode "agent" needs the agent input' };
  let budget: AgentBudgetOutput;
  try {
    budget = AgentBudgetOutputSchema.parse(JSON.parse(input.budget ?? ''));
  } catch {
    return {
      outputs: {},
      failure:
        'mode "agent" needs the budget input: pass step-start\'s budget output (needs.start.outputs.budget)',
    };
  }
  const promptFile = input.env.MOL_PROMPT_FILE;
  const prompt =
    input.prompt ?? (promptFile ? await readFile(promptFile, 'utf8').catch(() => undefined) : undefined);
  if (prompt === undefined)
    return { outputs: {}, failure: 'mode "agent" needs the prompt: the prompt input or $MOL_PROMPT_FILE' };
  const dir = await mkdtemp(join(tmpdir(), 'mol-agent-'));
  try {
    const files = { prompt: join(dir, 'prompt.md'), usage: join(dir, 'usage.jsonl') };
    await writeFile(files.prompt, prompt);
    const watch = watchAgentUsage({
      stepId: budget.step,
      agent: input.agent,
      ...(budget.usage === undefined ? {} : { usage: budget.usage }),
      budget: budget as AgentBudget,
      usageFile: files.usage,
      log: (line) => io.info(line),
    });
    let report: AgentReport;
    if (watch.refused !== undefined) {
      io.error(watch.refused);
      report = { usage: {}, exitCode: null, stoppedFor: watch.refused };
    } else {
      const ran = await runCommand({
        cwd: input.workspace,
        run: agentCommandLine(input.agent),
        env: { MOL_STEP: budget.step, MOL_PROMPT_FILE: files.prompt, MOL_USAGE_FILE: files.usage },
        input: prompt,
        stop: watch.stop,
        ...(watch.stdoutLine === undefined ? {} : { stdoutLine: watch.stdoutLine }),
        onOutput: (chunk) => io.write(chunk),
      });
      const usage = await watch.finish(ran.ok ? ran.value.durationMs : 0);
      if (!ran.ok) return { outputs: {}, failure: ran.error.message };
      report = {
        usage,
        exitCode: ran.value.exitCode,
        ...(ran.value.stoppedFor === undefined ? {} : { stoppedFor: ran.value.stoppedFor }),
        ...(ran.value.outputTail === '' ? {} : { outputTail: ran.value.outputTail }),
      };
    }
    await mkdir(dirname(input.usageOut), { recursive: true });
    await writeFile(input.usageOut, JSON.stringify(report));
    if (report.stoppedFor !== undefined) {
      io.warning(`the agent was stopped: ${report.stoppedFor}`);
      return { outputs: { status: 'budget' } };
    }
    if (report.exitCode !== 0) return { outputs: {}, failure: `the agent exited with ${report.exitCode}` };
    return { outputs: { status: 'done' } };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
