/**
 * What an agent step's agent spends, read as it runs, and the budget held against it. Readings come
 * from the preset's own output and from `$MOL_USAGE_FILE`; after each one the engine's rule says
 * whether a limit was reached, and if so the agent's process group is stopped at once (the attempt
 * is then kept as WIP and fails with reason `budget`). A `time` limit is a timer. A budget that
 * counts what the agent cannot report refuses to start it: no limit is ever silently unenforced.
 * An agent whose CLI reports tokens but no USD has its cost from the config's `prices`, by the model
 * its output names, else the model its `--model` names, else its preset: a `usd` limit on it holds
 * only when the model named before it starts or its preset has a price.
 */
import { performance } from 'node:perf_hooks';
import {
  addUsage,
  type BudgetLimit,
  type Budgets,
  budgetsFor,
  describeCrossing,
  hasLimits,
  type PriceTable,
  pricedUsage,
  priceFor,
  reachedLimit,
  type Spent,
  spentFor,
  timeLeftMs,
  type Usage,
  unreadableLimits,
} from '../../engine/index.js';
import { presetReader } from '../../runner/agent-usage/preset-readers.js';
import { usageFileWatch } from '../../runner/agent-usage/usage-file.js';
import { agentModel, agentPreset } from './agent-command.js';
import type { StepJob } from './step-job.js';

const POLL_MS = 200;
const ALL: ReadonlySet<BudgetLimit> = new Set(['usd', 'tokens', 'turns', 'time']);

export interface AgentWatch {
  /** Why the agent may not start (a budget spent, or one it cannot report against). */
  refused?: string;
  stdoutLine?: (line: string) => string;
  stop: AbortSignal;
  /** The agent ended: the file is read a last time; what it used (with its time) comes back. */
  finish(durationMs: number): Promise<Usage>;
}

/** The budgets that hold for a step's agent and what was spent before it starts: all a watch needs. */
export interface AgentBudget {
  budgets: Budgets;
  spent: Spent;
  /** The config's `prices`, for an agent whose CLI reports no USD. */
  prices?: PriceTable;
}

export function agentBudget(job: StepJob): AgentBudget {
  const { def, mol, state, proto, host } = job;
  return {
    budgets: budgetsFor(proto, mol, def, state),
    spent: spentFor(mol.steps, state),
    ...(host.prices === undefined ? {} : { prices: host.prices }),
  };
}

export function watchAgent(job: StepJob, agent: string, usageFile: string): AgentWatch {
  return watchAgentUsage({
    stepId: job.def.id,
    agent,
    ...(job.def.usage === undefined ? {} : { usage: job.def.usage }),
    budget: agentBudget(job),
    usageFile,
    log: (line) => job.host.log(line),
  });
}

export interface WatchInput {
  stepId: string;
  agent: string;
  usage?: 'file';
  budget: AgentBudget;
  usageFile: string;
  log: (line: string) => void;
}

export function watchAgentUsage(input: WatchInput): AgentWatch {
  const { stepId, agent, usageFile } = input;
  const { budgets, spent: before } = input.budget;
  const preset = agentPreset(agent);
  const reader = presetReader(preset);
  // Priced from the table only when the CLI reports no USD of its own (its USD always wins).
  const priced = reader !== undefined && !reader.readable.has('usd');
  const named = [agentModel(agent), preset];
  const canPrice = priced && priceFor(input.budget.prices, named) !== undefined;
  let model: string | undefined;
  const readable =
    input.usage === 'file'
      ? ALL
      : new Set<BudgetLimit>([...(reader?.readable ?? []), ...(canPrice ? (['usd'] as const) : [])]);
  const controller = new AbortController();
  const started = performance.now();
  let used: Usage = {};
  const timers: NodeJS.Timeout[] = [];
  const spentNow = (): Spent => {
    const running = { ...used, time_ms: Math.round(performance.now() - started) };
    return { molecule: addUsage(before.molecule, running), step: addUsage(before.step, running) };
  };

  const limited = hasLimits(budgets);
  if (limited) {
    const unreadable = unreadableLimits(budgets, readable);
    if (unreadable.length > 0)
      return refusedWatch(controller, cannotRead(stepId, agent, unreadable, priced ? named : []));
    const spent = reachedLimit(budgets, before);
    if (spent !== undefined)
      return refusedWatch(
        controller,
        `step ${stepId}: ${describeCrossing(spent)}; its agent was not started`,
      );
  }
  const check = () => {
    if (!limited || controller.signal.aborted) return;
    const reached = reachedLimit(budgets, spentNow());
    if (reached !== undefined) controller.abort(describeCrossing(reached));
  };
  const read = (usage: Usage) => {
    used = addUsage(used, usage);
    check();
  };
  const file = usageFileWatch(usageFile, read, (message) => input.log(`warning: ${message}`));
  const poll = setInterval(() => void file.poll(), POLL_MS);
  if (limited) {
    const left = timeLeftMs(budgets, before);
    if (left !== undefined) timers.push(setTimeout(check, left + 1));
  }
  const stdoutLine =
    reader === undefined
      ? undefined
      : (line: string) => {
          const reading = reader.line(line);
          if (reading.model !== undefined) model = reading.model;
          if (reading.usage !== undefined)
            read(
              priced
                ? pricedUsage(reading.usage, priceFor(input.budget.prices, [model, ...named]))
                : reading.usage,
            );
          return reading.text;
        };
  return {
    ...(stdoutLine === undefined ? {} : { stdoutLine }),
    stop: controller.signal,
    finish: async (durationMs) => {
      clearInterval(poll);
      for (const timer of timers) clearTimeout(timer);
      await file.poll();
      return addUsage(used, { time_ms: durationMs });
    },
  };
}

function refusedWatch(controller: AbortController, refused: string): AgentWatch {
  return { refused, stop: controller.signal, finish: async () => ({}) };
}

function cannotRead(
  stepId: string,
  agent: string,
  limits: BudgetLimit[],
  priceable: readonly (string | undefined)[],
): string {
  const what = limits.join(', ');
  const key = priceable.find((name) => name !== undefined);
  // A preset that reports tokens but no USD: a price is all its usd lacks.
  const price =
    key !== undefined && limits.includes('usd')
      ? `For usd, add its price to .github/molecular.yml: prices: { ${key}: { input: <USD>, output: <USD> } } per million tokens (keyed by the model its --model names, or by the preset). `
      : '';
  return `step ${stepId}: its budget limits ${what}, but what agent "${agent.split(/\s/)[0]}" spends in ${what} cannot be read, so it was not started. ${price}Use a preset that reports it (claude: usd, tokens, turns; codex: tokens, turns; gemini: tokens; opencode: usd, tokens, turns), or set usage = "file" on the step and have the agent append lines such as {"tokens_in": 1200, "tokens_out": 300, "cost_usd": 0.01, "turns": 1} to $MOL_USAGE_FILE`;
}
