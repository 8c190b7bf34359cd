/**
 * The proto (Solid): a formula after cook — variables bound, extends/expansions/aspects/convoys
 * applied, the DAG checked, steps in a stable topological order. Pure data, serializable as
 * `mol cook --json` prints it.
 */
import { z } from 'zod';
import { BudgetSchema } from '../budget/budget.js';
import {
  AUTO_MERGE_METHODS,
  EXECUTION_MODES,
  FORMULA_TYPES,
  ON_EXHAUSTED,
  PERMISSIONS,
  TRIGGERS,
  USAGE_MODES,
} from '../formula/formula-schema.js';

/** Gates after cook: Beads' aliases mapped to ours (gh:run -> checks, gh:pr -> pr-merged, human -> approval). */
export const ProtoGateSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('command'), run: z.string(), timeout: z.string().optional() }),
  z.object({ type: z.literal('files'), paths: z.array(z.string()) }),
  z.object({ type: z.literal('checks'), names: z.array(z.string()), timeout: z.string().optional() }),
  z.object({ type: z.literal('approval'), permission: z.enum(PERMISSIONS) }),
  z.object({ type: z.literal('pr-merged') }),
  z.object({ type: z.literal('timer'), after: z.string() }),
  z.object({ type: z.literal('schema'), file: z.string(), schema: z.string() }),
  z.object({ type: z.literal('conditional'), condition: z.string() }),
]);

/** One step of a fan-out's bond, as cook read it: `{target}`, `{{var}}` and `{var}` still unfilled. */
export const FanoutTemplateStepSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  needs: z.array(z.string()),
  type: z.enum(['task', 'human']),
  run: z.string().optional(),
  agent: z.string().optional(),
});

/**
 * Beads' and Gas City's `on_complete` (graph.go applyGraphControls, dispatch/fanout.go
 * processFanout): when the step completes, each item of the array at `forEach` in its output
 * becomes a copy of the bond's steps (see molecule/fanout.ts).
 */
export const ProtoFanoutSchema = z.object({
  forEach: z.string(),
  bond: z.string(),
  sequential: z.boolean(),
  /** Each item's vars: `{item}`, `{item.<field>}` and `{index}` filled per item. */
  vars: z.record(z.string(), z.string()),
  template: z.array(FanoutTemplateStepSchema),
});

export const ProtoStepSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  needs: z.array(z.string()),
  type: z.enum(['task', 'human', 'gate']),
  output: z.string().optional(),
  acceptance: z.string().optional(),
  run: z.string().optional(),
  /** The agent that does the step (a preset or a command line), given the prompt on stdin. */
  agent: z.string().optional(),
  /** No output and no file change for this long stops the agent (agent steps only). */
  idleTimeout: z.string().optional(),
  /** What this step's agent may spend, over all its attempts. */
  budget: BudgetSchema.optional(),
  /** `file`: the agent reports its usage in `$MOL_USAGE_FILE`. */
  usage: z.enum(USAGE_MODES).optional(),
  gates: z.array(ProtoGateSchema),
  /** Undefined: the configured default (2) applies. */
  maxRetries: z.number().int().min(0).optional(),
  /**
   * Set on every step with Gas City's `[steps.retry]` (`hard_fail` unless written): only transient
   * failures are retried; once they spend the attempts, `soft_fail` closes the step as passed.
   */
  onExhausted: z.enum(ON_EXHAUSTED).optional(),
  onFail: z.string().optional(),
  /** The delivering step only: where a review requesting changes sends the molecule back to. */
  onChangesRequested: z.string().optional(),
  maxLoops: z.number().int().min(0).optional(),
  timeout: z.string().optional(),
  trigger: z.enum(TRIGGERS),
  condition: z.string().optional(),
  assignee: z.string().optional(),
  /** Set on the children of a Gas Town parallel group, and on the group's join step. */
  group: z.string().optional(),
  /** Gas City's and Beads' `metadata`: pairs kept as text, for tools that read the proto. */
  metadata: z.record(z.string(), z.string()).optional(),
  /** The upstream `type` as written when it is not one of Molecular's (`verification`, `bug`...): such a step is a task. */
  kind: z.string().optional(),
  // Informational, shown by `mol cook`, never acted on: Beads/Gas City labels (`labels`, `tags`),
  // priority and notes; Gas Town's `interactive` step and `review_only` leg.
  tags: z.array(z.string()).optional(),
  priority: z.number().int().optional(),
  notes: z.string().optional(),
  interactive: z.boolean().optional(),
  reviewOnly: z.boolean().optional(),
  fanout: ProtoFanoutSchema.optional(),
  /** Beads' `waits_for`: the step also waits for the fan-out children of `spawner` (all, or the first to close). */
  waitsFor: z.object({ gate: z.enum(['all-children', 'any-children']), spawner: z.string() }).optional(),
  /** A fan-out child's own vars (its item's), over the molecule's, for its command's environment. */
  vars: z.record(z.string(), z.string()).optional(),
});

export const ProtoVarSchema = z.object({
  description: z.string().optional(),
  default: z.string().optional(),
  required: z.boolean(),
  pattern: z.string().optional(),
  enum: z.array(z.string()).optional(),
});

/** `[pull_request]` after cook: defaults filled in, `{{vars}}` bound (`{{summary}}`/`{{issue}}` stay for delivery). */
export const ProtoPullRequestSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Undefined: the repository's default branch. */
  base: z.string().optional(),
  draft: z.boolean(),
  labels: z.array(z.string()),
  reviewers: z.array(z.string()),
  teamReviewers: z.array(z.string()),
  /** The step whose completion opens the pull request; undefined: once every step is done. */
  after: z.string().optional(),
  closesIssue: z.boolean(),
  autoMerge: z.enum(AUTO_MERGE_METHODS).optional(),
});

export const ProtoSchema = z.object({
  formula: z.string(),
  description: z.string(),
  version: z.union([z.number(), z.string()]).optional(),
  type: z.enum(FORMULA_TYPES),
  execution: z.enum(EXECUTION_MODES),
  vars: z.record(z.string(), ProtoVarSchema),
  steps: z.array(ProtoStepSchema),
  /** What the molecule's agents may spend together. */
  budget: BudgetSchema.optional(),
  /** Molecule-wide bound on `on_fail` loops (a step's own `max_loops` wins). */
  maxLoops: z.number().int().min(0),
  squash: z
    .object({
      template: z.string().optional(),
      templateType: z.string().optional(),
      includeMetrics: z.boolean(),
    })
    .optional(),
  /** Gas Town's `phase = "vapor"`: the formula prefers to run as a wisp. */
  phase: z.string().optional(),
  /** Gas Town's `review_only`: every leg only analyses, no commits expected (informational). */
  reviewOnly: z.boolean().optional(),
  /** Beads' `compose.bond_points`: named places other formulas may attach (informational, as upstream's cook lists them). */
  bondPoints: z
    .array(z.object({ id: z.string(), afterStep: z.string().optional(), beforeStep: z.string().optional() }))
    .optional(),
  /** `[pull_request]`: the molecule's work is delivered as a pull request. */
  pullRequest: ProtoPullRequestSchema.optional(),
});

export type ProtoPullRequest = z.infer<typeof ProtoPullRequestSchema>;
export type ProtoGate = z.infer<typeof ProtoGateSchema>;
export type ProtoFanout = z.infer<typeof ProtoFanoutSchema>;
export type FanoutTemplateStep = z.infer<typeof FanoutTemplateStepSchema>;
export type ProtoStep = z.infer<typeof ProtoStepSchema>;
export type ProtoVar = z.infer<typeof ProtoVarSchema>;
export type Proto = z.infer<typeof ProtoSchema>;

export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_MAX_LOOPS = 3;
