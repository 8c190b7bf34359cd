import type { Budget } from '../budget/budget.js';
import { conditionVars, parseCondition, substituteCondition } from '../formula/condition.js';
import type { FormulaBudget } from '../formula/formula-schema.js';
import { RUN_PLACEHOLDER, substitute } from '../formula/substitute.js';
import { type CookContext, placeOf } from './cook-context.js';
import { isGateOnly, normalizeGates } from './gates.js';
import { gasCityLoops } from './loops.js';
import type { ProtoGate, ProtoStep } from './proto.js';
import type { WorkStep } from './work-step.js';

export interface StepDefaults {
  /** Formula-level `max_retries`, for steps that do not set their own. */
  maxRetries?: number;
  /** Formula-level `agent`, for task steps with neither `run` nor an `agent` of their own. */
  agent?: string;
  /** Formula-level `usage`, for agent steps without their own. */
  usage?: 'file';
  /** Declared variable names, to warn about conditions that read undeclared ones. */
  declared: ReadonlySet<string>;
}

/**
 * The proto form of a step: defaults filled in (title = id, description = '', trigger =
 * all_success), gates normalized, `{{vars}}` substituted in every text a person or agent reads
 * and in conditions (as quoted values, see condition.ts) — never in `run` or a command gate's
 * `run`, which are shell and get vars only from the environment.
 */
export function toProtoStep(
  step: WorkStep,
  values: Readonly<Record<string, string>>,
  defaults: StepDefaults,
  ctx: CookContext,
): ProtoStep {
  const f = step.fields;
  const sub = (text: string): string => substitute(text, values);
  const gates = normalizeGates(f).map((g) => substituteGate(g, sub));
  const commandWithVar = gates.some((g) => g.type === 'command' && RUN_PLACEHOLDER.test(g.run));
  if ((f.run !== undefined && RUN_PLACEHOLDER.test(f.run)) || commandWithVar) {
    ctx.error(
      'var-in-run',
      `step "${step.id}" has a {{variable}} in a run command: variables reach commands only as environment variables ($MOL_VAR_<NAME>)`,
      placeOf(step.origin, commandWithVar ? 'gate' : 'run'),
    );
  }
  const loops = gasCityLoops(step, gates, ctx);
  if (loops.check) gates.push(loops.check);
  const type =
    f.type === 'human' || f.type === 'gate' || f.type === 'task'
      ? f.type
      : isGateOnly(f, gates)
        ? 'gate'
        : 'task';
  const out: ProtoStep = {
    id: step.id,
    title: sub(f.title ?? step.id),
    description: sub(f.description ?? ''),
    needs: [...step.needs],
    type,
    gates,
    trigger: f.trigger ?? 'all_success',
  };
  if (f.output !== undefined) out.output = sub(f.output);
  if (f.acceptance !== undefined) out.acceptance = sub(f.acceptance);
  if (f.run !== undefined) out.run = f.run;
  const agent = agentOf(step, type, defaults, ctx);
  if (agent !== undefined) out.agent = agent;
  if (f.idle_timeout !== undefined) {
    if (agent === undefined) {
      ctx.warn(
        'idle-timeout-without-agent',
        `step "${step.id}" has an idle_timeout but no agent, so nothing watches it for inactivity`,
        placeOf(step.origin, 'idle_timeout'),
      );
    } else out.idleTimeout = f.idle_timeout;
  }
  const budget = protoBudget(f.budget);
  if (budget !== undefined) out.budget = budget;
  const usage = f.usage ?? (agent === undefined ? undefined : defaults.usage);
  if (usage !== undefined) out.usage = usage;
  const maxRetries = loops.maxRetries ?? f.max_retries ?? defaults.maxRetries;
  if (maxRetries !== undefined) out.maxRetries = maxRetries;
  if (loops.onExhausted !== undefined) out.onExhausted = loops.onExhausted;
  if (f.on_fail !== undefined) out.onFail = f.on_fail;
  if (f.on_changes_requested !== undefined) out.onChangesRequested = f.on_changes_requested;
  if (f.max_loops !== undefined) out.maxLoops = f.max_loops;
  if (f.timeout !== undefined) out.timeout = f.timeout;
  if (f.condition !== undefined)
    out.condition = checkCondition(step, substituteCondition(f.condition, values), defaults, ctx);
  if (f.assignee !== undefined) out.assignee = sub(f.assignee);
  if (step.group !== undefined) out.group = step.group;
  if (f.metadata !== undefined) {
    out.metadata = Object.fromEntries(Object.entries(f.metadata).map(([k, v]) => [k, String(v)]));
  }
  Object.assign(out, informational(f, sub));
  return out;
}

/** Molecular's own step types; any other `type` (Beads' issue types) makes a task that keeps it as its kind. */
const OWN_TYPES: ReadonlySet<string> = new Set(['task', 'human', 'gate', 'parallel', 'epic']);

/** The keys that only carry information, as the proto keeps them. */
function informational(f: WorkStep['fields'], sub: (text: string) => string): Partial<ProtoStep> {
  const out: Partial<ProtoStep> = {};
  if (f.type !== undefined && !OWN_TYPES.has(f.type)) out.kind = f.type;
  const tags = [...(f.labels ?? []), ...(f.tags ?? [])].map(sub);
  if (tags.length) out.tags = [...new Set(tags)];
  if (f.priority !== undefined) out.priority = f.priority;
  if (f.notes !== undefined) out.notes = sub(f.notes);
  if (f.interactive !== undefined) out.interactive = f.interactive;
  // A convoy leg's `review_only` (legs are read as steps, so the key rides along unchecked).
  if (f.review_only === true) out.reviewOnly = true;
  return out;
}

/**
 * The step's own `agent`, else the formula's for a task with nothing else to run. An agent line is
 * shell like `run`, so variables reach it only from the environment.
 */
function agentOf(
  step: WorkStep,
  type: ProtoStep['type'],
  defaults: StepDefaults,
  ctx: CookContext,
): string | undefined {
  const f = step.fields;
  if (f.agent !== undefined) {
    if (f.run !== undefined) {
      ctx.error(
        'run-and-agent',
        `step "${step.id}" has both run and agent: a step is either a command or an agent's work; keep one`,
        placeOf(step.origin, 'agent'),
      );
    }
    if (RUN_PLACEHOLDER.test(f.agent)) {
      ctx.error(
        'var-in-run',
        `step "${step.id}" has a {{variable}} in its agent command: variables reach agents only as environment variables ($MOL_VAR_<NAME>)`,
        placeOf(step.origin, 'agent'),
      );
    }
    return f.agent;
  }
  if (f.run !== undefined || type !== 'task') return undefined;
  return defaults.agent;
}

/** The four limits of a formula's `budget` (an unknown key was warned about when it was parsed). */
export function protoBudget(budget: FormulaBudget | undefined): Budget | undefined {
  if (budget === undefined) return undefined;
  const out: Budget = {};
  if (budget.usd !== undefined) out.usd = budget.usd;
  if (budget.tokens !== undefined) out.tokens = budget.tokens;
  if (budget.turns !== undefined) out.turns = budget.turns;
  if (budget.time !== undefined) out.time = budget.time;
  return Object.keys(out).length === 0 ? undefined : out;
}

function substituteGate(gate: ProtoGate, sub: (text: string) => string): ProtoGate {
  switch (gate.type) {
    case 'files':
      return { ...gate, paths: gate.paths.map(sub) };
    case 'checks':
      return { ...gate, names: gate.names.map(sub) };
    case 'schema':
      return { ...gate, file: sub(gate.file), schema: sub(gate.schema) };
    case 'conditional':
      return { ...gate, condition: sub(gate.condition) };
    default:
      return gate;
  }
}

/** A condition must parse now, not fail at run time; and it should read only declared vars. */
function checkCondition(step: WorkStep, condition: string, defaults: StepDefaults, ctx: CookContext): string {
  const parsed = parseCondition(condition);
  if (!parsed.ok) {
    ctx.error(
      'bad-condition',
      `step "${step.id}": ${parsed.error.message}`,
      placeOf(step.origin, 'condition'),
    );
    return condition;
  }
  for (const name of conditionVars(parsed.value)) {
    if (!defaults.declared.has(name)) {
      ctx.warn(
        'condition-unknown-var',
        `step "${step.id}": condition reads "${name}", which is not a declared variable, so it is always empty`,
        placeOf(step.origin, 'condition'),
      );
    }
  }
  return condition;
}
