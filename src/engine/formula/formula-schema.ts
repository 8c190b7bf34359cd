/**
 * The formula file format: a superset of the seed documents and of Gas Town / Beads
 * formulas. Written once here; the TypeScript types and `schema/formula.schema.json` both come
 * from it. Objects are loose so that unknown keys survive parsing: the parser reports them as
 * warnings (upstream parsers ignore them silently; we say so, but keep running).
 */
import { z } from 'zod';

export const FORMULA_TYPES = ['workflow', 'convoy', 'expansion', 'aspect'] as const;
export const EXECUTION_MODES = ['local', 'distributed'] as const;
/** The step types Molecular gives a meaning of its own; any other text is accepted (see `stepKind`). */
export const STEP_TYPES = ['task', 'human', 'gate', 'parallel'] as const;
/**
 * Beads' and Gas City's `type` is free text (an issue type: task, bug, feature, chore, epic,
 * verification...). `epic` is a container like `parallel`; the rest are tasks with a label.
 */
export const CONTAINER_TYPES = ['parallel', 'epic'] as const;
export const ON_EXHAUSTED = ['hard_fail', 'soft_fail'] as const;
export const TRIGGERS = ['all_success', 'all_done', 'one_failed'] as const;
export const PERMISSIONS = ['admin', 'maintain', 'write', 'triage', 'read'] as const;
/** GitHub's merge methods for auto-merge (the GraphQL `PullRequestMergeMethod`, lower-cased). */
export const AUTO_MERGE_METHODS = ['squash', 'merge', 'rebase'] as const;

const text = z.string();
const duration = z.string().regex(/^(\d+(\.\d+)?(ms|s|m|h|d|w))+$/, 'a duration such as "30m", "2h" or "1d"');
const stringList = z.array(z.string());
/** Beads' metadata values are any JSON scalar; Gas City's are strings. Kept as text. */
const metadataValue = z.union([z.string(), z.number(), z.boolean()]);
/** An expansion's vars override (Gas City / Beads ExpandRule.Vars, Step.ExpandVars). */
const expandVars = z.record(z.string(), z.string());

export const VarObjectSchema = z.looseObject({
  description: text.optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  required: z.boolean().optional(),
  pattern: text.optional(),
  enum: stringList.optional(),
  type: text.optional(),
  required_unless: stringList.optional(),
});
/** A plain string is the variable's default (Gas Town's short form). */
export const VarSchema = z.union([z.string(), VarObjectSchema]);

/**
 * Beads' gate fields (internal/formula/types.go Gate): `id` or `await_id` names what is awaited,
 * `timeout` how long. A gate in Beads' form blocks its step before the step runs (see
 * cook/blocking-gates.ts); Molecular's own gates judge a step's work after it.
 */
const beadsGate = { id: text.optional(), await_id: text.optional(), timeout: duration.optional() };

export const GateSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('command'), run: text, timeout: duration.optional() }),
  z.looseObject({ type: z.literal('files'), paths: stringList }),
  z.looseObject({ type: z.literal('checks'), names: stringList.optional(), timeout: duration.optional() }),
  z.looseObject({ type: z.literal('approval'), permission: z.enum(PERMISSIONS).optional() }),
  z.looseObject({ type: z.literal('pr-merged') }),
  // `after`: Molecular's timer, counted once the step's work is done. `timeout` alone: Beads'
  // timer gate, which holds the step that long before it starts.
  z
    .looseObject({ type: z.literal('timer'), after: duration.optional(), timeout: duration.optional() })
    .refine((g) => g.after !== undefined || g.timeout !== undefined, {
      message: 'a timer gate needs after (or Beads\' timeout), a duration such as "30m", "2h" or "1d"',
      path: ['after'],
    }),
  z.looseObject({ type: z.literal('schema'), file: text, schema: text }),
  z.looseObject({ type: z.literal('conditional'), condition: text }),
  // Beads' gates: they hold their step before it runs.
  z.looseObject({ type: z.literal('gh:run'), ...beadsGate }),
  z.looseObject({ type: z.literal('gh:pr'), ...beadsGate }),
  z.looseObject({ type: z.literal('human'), permission: z.enum(PERMISSIONS).optional(), ...beadsGate }),
  z.looseObject({ type: z.literal('mail'), ...beadsGate }),
]);

/**
 * Gas City's loops. `max_attempts` counts runs in total (2 = one try and one retry); the check is
 * an executable in the step's workspace that passes the attempt when it exits 0.
 */
export const RalphSchema = z.looseObject({
  max_attempts: z.number().int().min(1),
  check: z.looseObject({
    mode: z.literal('exec'),
    path: text.min(1),
    timeout: duration.optional(),
  }),
});
/** `budget = { usd = 5, tokens = 2_000_000, turns = 80, time = "45m" }`, any subset. */
export const FormulaBudgetSchema = z.looseObject({
  usd: z.number().positive().optional(),
  tokens: z.number().int().positive().optional(),
  turns: z.number().int().positive().optional(),
  time: duration.optional(),
});
/** `usage = "file"`: the agent (not a preset) appends its usage to `$MOL_USAGE_FILE` as JSON lines. */
export const USAGE_MODES = ['file'] as const;

export const RetrySchema = z.looseObject({
  max_attempts: z.number().int().min(1),
  on_exhausted: z.enum(ON_EXHAUSTED).optional(),
});

const stepShape = {
  id: text.min(1),
  title: text.optional(),
  description: text.optional(),
  needs: stringList.optional(),
  depends_on: stringList.optional(),
  output: text.optional(),
  acceptance: text.optional(),
  type: text.min(1).optional(),
  run: text.optional(),
  gate: z.union([GateSchema, z.array(GateSchema)]).optional(),
  gates: z.array(GateSchema).optional(),
  max_retries: z.number().int().min(0).optional(),
  ralph: RalphSchema.optional(),
  retry: RetrySchema.optional(),
  on_fail: text.optional(),
  /** On the delivering step: a review requesting changes sends the molecule back to this step. */
  on_changes_requested: text.min(1).optional(),
  max_loops: z.number().int().min(0).optional(),
  timeout: duration.optional(),
  trigger: z.enum(TRIGGERS).optional(),
  condition: text.optional(),
  assignee: text.optional(),
  /** A preset (`claude`, `codex`, `gemini`, `opencode`, with more flags after it) or a command line. */
  agent: text.min(1).optional(),
  /** No output and no file change for this long stops the agent and commits its work as WIP. */
  idle_timeout: duration.optional(),
  budget: FormulaBudgetSchema.optional(),
  usage: z.enum(USAGE_MODES).optional(),
  description_file: text.min(1).optional(),
  /** Beads' inline expansion: the step is replaced by the named expansion's template. */
  expand: text.min(1).optional(),
  expand_vars: expandVars.optional(),
  // Beads' runtime fan-out (cook/fanout.ts, molecule/fanout.ts).
  waits_for: text.optional(),
  on_complete: z
    .looseObject({
      for_each: text.optional(),
      bond: text.optional(),
      vars: expandVars.optional(),
      parallel: z.boolean().optional(),
      sequential: z.boolean().optional(),
    })
    .optional(),
  metadata: z.record(z.string(), metadataValue).optional(),
  // Informational keys: kept on the cooked step and shown by `mol cook`, never acted on.
  /** Gas City's TOML name for Beads' `labels`. */
  tags: stringList.optional(),
  labels: stringList.optional(),
  priority: z.number().int().optional(),
  notes: text.optional(),
  /** Gas Town: the step needs a dialog with its user (it runs where `mol` runs: always so here). */
  interactive: z.boolean().optional(),
  /** Gas Town: may run beside other steps with the same needs (the DAG already allows it). */
  parallel: z.boolean().optional(),
};

export interface StepInput {
  id: string;
  title?: string;
  description?: string;
  needs?: string[];
  depends_on?: string[];
  output?: string;
  acceptance?: string;
  /** One of STEP_TYPES, `epic`, or any other upstream issue type (a task). */
  type?: string;
  run?: string;
  gate?: Gate | Gate[];
  gates?: Gate[];
  max_retries?: number;
  ralph?: Ralph;
  retry?: Retry;
  on_fail?: string;
  on_changes_requested?: string;
  max_loops?: number;
  timeout?: string;
  trigger?: (typeof TRIGGERS)[number];
  condition?: string;
  assignee?: string;
  agent?: string;
  idle_timeout?: string;
  budget?: FormulaBudget;
  usage?: (typeof USAGE_MODES)[number];
  /** Read (relative to the formula file) by the face that loads the formula, into `description`. */
  description_file?: string;
  expand?: string;
  expand_vars?: Record<string, string>;
  waits_for?: string;
  on_complete?: Record<string, unknown>;
  /** Gas City's free-form string pairs, kept on the cooked step. */
  metadata?: Record<string, string | number | boolean>;
  tags?: string[];
  labels?: string[];
  priority?: number;
  notes?: string;
  interactive?: boolean;
  parallel?: boolean;
  /** Gas Town's parallel groups: children run side by side, the group completes when all have. */
  children?: StepInput[];
  loop?: LoopInput;
  [unknown: string]: unknown;
}

export const StepSchema: z.ZodType<StepInput> = z.looseObject({
  ...stepShape,
  get children() {
    return z.array(StepSchema).optional();
  },
  get loop() {
    return LoopSchema.optional();
  },
}) as unknown as z.ZodType<StepInput>;

/**
 * Beads' `loop` (controlflow.go, LoopSpec): the step is replaced by its body repeated `count`
 * times, or once per value of `range` ("1..{n}", integer arithmetic) with `var` bound to it.
 * `until` (with its required `max`) expands the body once and labels its first step, as upstream does.
 */
export const LoopSchema: z.ZodType<LoopInput> = z.looseObject({
  count: z.number().int().min(1).optional(),
  until: text.optional(),
  max: z.number().int().min(1).optional(),
  range: text.min(1).optional(),
  var: text.min(1).optional(),
  get body() {
    return z.array(StepSchema).min(1);
  },
}) as unknown as z.ZodType<LoopInput>;

export interface LoopInput {
  count?: number;
  until?: string;
  max?: number;
  range?: string;
  var?: string;
  body: StepInput[];
  [unknown: string]: unknown;
}

/** Expansion templates are steps whose ids and text use `{target}` placeholders. */
export const TemplateStepSchema = StepSchema;

export const AdviceSchema = z.looseObject({
  target: text.optional(),
  before: z.array(StepSchema).optional(),
  after: z.array(StepSchema).optional(),
  around: z
    .looseObject({
      before: z.array(StepSchema).optional(),
      after: z.array(StepSchema).optional(),
    })
    .optional(),
});

/** Beads' Pointcut: a step matches when it matches each key that is set. */
export const PointcutSchema = z.looseObject({
  glob: text.optional(),
  type: text.optional(),
  label: text.optional(),
});

export const LegSchema = z.looseObject({
  id: text.min(1),
  title: text.optional(),
  focus: text.optional(),
  description: text.optional(),
  output: text.optional(),
  run: text.optional(),
  /** Gas Town's per-leg agent: the leg's step runs with it. */
  agent: text.min(1).optional(),
  /** Gas Town: the leg only analyses (no commits expected); kept and shown. */
  review_only: z.boolean().optional(),
});

export const SynthesisSchema = z.looseObject({
  id: text.optional(),
  title: text.optional(),
  description: text.optional(),
  depends_on: stringList.optional(),
  needs: stringList.optional(),
  output: text.optional(),
  run: text.optional(),
});

export const SquashSchema = z.looseObject({
  trigger: text.optional(),
  template_type: text.optional(),
  include_metrics: z.boolean().optional(),
  template: text.optional(),
});

export const ComposeSchema = z.looseObject({
  expand: z.array(z.looseObject({ target: text, with: text, vars: expandVars.optional() })).optional(),
  /** Beads' MapRule: the expansion applied to every step whose id matches `select` (a glob). */
  map: z.array(z.looseObject({ select: text.min(1), with: text, vars: expandVars.optional() })).optional(),
  /** Beads' BranchRule: `steps` need `from`, `join` needs `steps` (fork and join, wired at cook). */
  branch: z
    .array(z.looseObject({ from: text.min(1), steps: z.array(text.min(1)).min(1), join: text.min(1) }))
    .optional(),
  // Beads' runtime rules, refused at cook as not supported yet (see cook/unsupported.ts).
  gate: z.array(z.looseObject({ before: text, condition: text })).optional(),
  /** Beads' BondPoint: a named place other formulas may attach; cook checks and lists it (cook/bond-points.ts). */
  bond_points: z
    .array(z.looseObject({ id: text.min(1), after_step: text.optional(), before_step: text.optional() }))
    .optional(),
  hooks: z.array(z.looseObject({ trigger: text, attach: text })).optional(),
  aspects: stringList.optional(),
});

export const StepOverrideSchema = z.looseObject({
  step_id: text,
  mode: z.enum(['append', 'replace']).optional(),
  description: text.optional(),
  title: text.optional(),
  acceptance: text.optional(),
  run: text.optional(),
});

/**
 * `[pull_request]`: how the molecule's work is delivered. `title` and `body` are templates
 * (`{{vars}}`, `{{summary}}`, `{{issue}}`); `after` names the step whose completion opens it
 * (absent: once every step is done); `auto_merge` turns on GitHub's auto-merge with that method.
 */
export const PullRequestSchema = z.looseObject({
  title: text.min(1).optional(),
  body: text.optional(),
  base: text.min(1).optional(),
  draft: z.boolean().optional(),
  labels: stringList.optional(),
  reviewers: stringList.optional(),
  team_reviewers: stringList.optional(),
  after: text.min(1).optional(),
  closes_issue: z.boolean().optional(),
  auto_merge: z.enum(AUTO_MERGE_METHODS).optional(),
});

export const FormulaSchema = z.looseObject({
  formula: text.min(1).optional(),
  description: text.optional(),
  version: z.union([z.number(), z.string()]).optional(),
  type: z.enum(FORMULA_TYPES).optional(),
  execution: z.enum(EXECUTION_MODES).optional(),
  vars: z.record(z.string(), VarSchema).optional(),
  inputs: z.record(z.string(), VarSchema).optional(),
  steps: z.array(StepSchema).optional(),
  extends: z.union([text, stringList]).optional(),
  compose: ComposeSchema.optional(),
  template: z.array(TemplateStepSchema).optional(),
  advice: z.array(AdviceSchema).optional(),
  pointcuts: z.array(PointcutSchema).optional(),
  legs: z.array(LegSchema).optional(),
  /** Gas Town's aspect formula: items run side by side, as legs do (id, title, focus, description). */
  aspects: z.array(LegSchema).optional(),
  synthesis: SynthesisSchema.optional(),
  squash: SquashSchema.optional(),
  pour: z.boolean().optional(),
  /** Beads' record of where a formula was loaded from: informational. */
  source: text.optional(),
  phase: text.optional(),
  max_loops: z.number().int().min(0).optional(),
  max_retries: z.number().int().min(0).optional(),
  /** The agent of every step that has neither `run` nor an `agent` of its own. */
  agent: text.min(1).optional(),
  /** Gas Town: every leg only analyses (no commits expected); kept and shown. */
  review_only: z.boolean().optional(),
  /** What the whole molecule's agents may spend together. */
  budget: FormulaBudgetSchema.optional(),
  /** How every agent step without its own `usage` reports what it used. */
  usage: z.enum(USAGE_MODES).optional(),
  prompts: z.record(z.string(), z.unknown()).optional(),
  output: z.record(z.string(), z.unknown()).optional(),
  presets: z.record(z.string(), z.unknown()).optional(),
  'step-overrides': z.array(StepOverrideSchema).optional(),
  pull_request: PullRequestSchema.optional(),
});

export type VarObject = z.infer<typeof VarObjectSchema>;
export type VarInput = z.infer<typeof VarSchema>;
export type Gate = z.infer<typeof GateSchema>;
export type Ralph = z.infer<typeof RalphSchema>;
export type Retry = z.infer<typeof RetrySchema>;
export type FormulaBudget = z.infer<typeof FormulaBudgetSchema>;
export type OnExhausted = (typeof ON_EXHAUSTED)[number];
export type Advice = z.infer<typeof AdviceSchema>;
export type Leg = z.infer<typeof LegSchema>;
export type Pointcut = z.infer<typeof PointcutSchema>;
export type FormulaInput = z.infer<typeof FormulaSchema>;
export type FormulaType = (typeof FORMULA_TYPES)[number];
export type ExecutionMode = (typeof EXECUTION_MODES)[number];
export type Trigger = (typeof TRIGGERS)[number];
export type Permission = (typeof PERMISSIONS)[number];
export type PullRequestInput = z.infer<typeof PullRequestSchema>;
export type AutoMergeMethod = (typeof AUTO_MERGE_METHODS)[number];
