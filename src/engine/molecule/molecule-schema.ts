/**
 * Molecule state (Liquid). This is what the state comment (GitHub) and
 * `.molecular/mols/<id>.json` (local) hold. Step definitions are NOT copied in: the formula is
 * pinned (git blob sha, built-in version, or inline for ad-hoc molecules) and re-cooked on load.
 */
import { z } from 'zod';
import { BudgetSchema } from '../budget/budget.js';
import { UsageSchema } from '../budget/usage.js';
import { EXECUTION_MODES } from '../formula/formula-schema.js';

export const STEP_STATUSES = [
  'pending',
  'ready',
  'in_progress',
  'awaiting_gate',
  'completed',
  'failed',
  'skipped',
  'blocked',
] as const;
export const MOLECULE_STATUSES = [
  'pending',
  'in_progress',
  'paused',
  'complete',
  'failed',
  'squashed',
  'burned',
] as const;

const isoTime = z.string().datetime({ offset: true });

export const BlobPinSchema = z.object({ path: z.string(), blobSha: z.string().regex(/^[0-9a-f]{40,64}$/) });

export const FormulaRefSchema = z.object({
  name: z.string(),
  /** `{path, blobSha}` from a repository, `"builtin@<version>"`, or the formula itself for ad-hoc molecules. */
  source: z.union([BlobPinSchema, z.string().regex(/^builtin@/), z.object({ inline: z.unknown() })]),
  /** Formulas this one pulled in by name (extends, compose.expand, aspects), pinned the same way. */
  pins: z.record(z.string(), z.union([BlobPinSchema, z.string().regex(/^builtin@/)])).optional(),
  /** Overlays applied at cook time (`mol cook --overlay`), pinned. */
  overlays: z.array(BlobPinSchema).optional(),
});

/**
 * The state has a size budget: a checkpoint keeps at most this many characters of the step's
 * output. A fan-out step's output (its last JSON line) must end within them.
 */
export const OUTPUT_TAIL_CHARS = 2_000;

export const CheckpointSchema = z.object({
  commit: z.string().optional(),
  filesModified: z.array(z.string()),
  testsPassed: z.boolean(),
  notes: z.string(),
  capturedAt: isoTime,
  /** Last lines of the step's output, so a failure can be read without the runner's logs. */
  outputTail: z.string().optional(),
  /** What the attempt's agent used. */
  usage: UsageSchema.optional(),
});

export const GateResultSchema = z.object({
  type: z.string(),
  passed: z.boolean().nullable(), // null: still waiting (approval, checks, timer)
  detail: z.string(),
});

/**
 * The process group a local attempt's command runs in, so a later run can tell whether that attempt
 * still lives (and end it) before starting another: never two live attempts of one step. The start
 * time (`/proc/<pid>/stat`, clock ticks since boot) tells a reused pid from the recorded one.
 */
export const LeaseProcessSchema = z.object({
  host: z.string(),
  pgid: z.number().int().positive(),
  startTime: z.string().optional(),
});

export const LeaseSchema = z.object({
  holder: z.string(),
  runId: z.string().optional(),
  expiresAt: isoTime,
  process: LeaseProcessSchema.optional(),
});

export const StepStateSchema = z.object({
  id: z.string(),
  status: z.enum(STEP_STATUSES),
  /** How many times the step was started. */
  attempts: z.number().int().min(0),
  /** How many times an `on_fail` loop sent this step back to pending. */
  loops: z.number().int().min(0),
  startedAt: isoTime.optional(),
  completedAt: isoTime.optional(),
  lease: LeaseSchema.optional(),
  branch: z.string().optional(),
  checkpoint: CheckpointSchema.optional(),
  gates: z.array(GateResultSchema).optional(),
  error: z.string().optional(),
  note: z.string().optional(),
  nudgedAt: isoTime.optional(),
  /** When the step entered awaiting_gate (timer gates count from here). */
  awaitingSince: isoTime.optional(),
  /** What its agents used, every attempt added up. */
  usage: UsageSchema.optional(),
  /** The step's budget as a person raised it (over the formula's). */
  budget: BudgetSchema.optional(),
  /**
   * A fan-out step's items, once it completed (`on_complete`): each item's vars, in order. The
   * children's definitions are derived from these and the bond (molecule/fanout.ts), so the
   * molecule carries what re-creates them, not the steps' definitions.
   */
  fanout: z.array(z.record(z.string(), z.string())).optional(),
  /**
   * A review that requested changes and sent the molecule back to this step: its body and inline
   * comments (`path:line` and text), for the next attempt's prompt and `$MOL_REVIEW_FILE`.
   */
  review: z.string().optional(),
});

export const HistoryEntrySchema = z.object({
  at: isoTime,
  event: z.string(),
  step: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  by: z.string().optional(),
  note: z.string().optional(),
});

/** GitHub's longest issue title. */
export const SUBJECT_TITLE_MAX = 256;

export const SubjectSchema = z.object({
  repo: z.string().optional(),
  issue: z.number().int().positive().optional(),
  /** The issue's (or pull request's) title when it was poured: a delivering pull request's `{{title}}`. */
  title: z.string().max(SUBJECT_TITLE_MAX).optional(),
  pr: z.number().int().positive().optional(),
});

/**
 * `[pull_request]` delivery: the result branch the molecule's work is merged into and, once it is
 * open, the pull request (its number, its address, and whether it was merged or closed).
 */
export const DELIVERY_STATES = ['open', 'merged', 'closed'] as const;
export const DeliverySchema = z.object({
  branch: z.string(),
  pr: z.number().int().positive().optional(),
  url: z.string().optional(),
  state: z.enum(DELIVERY_STATES).optional(),
  /** What the face must say about it (the Action's workflow token: CI will not run). */
  note: z.string().optional(),
  /**
   * Written with the completion that asks for a delivery, cleared once one is recorded
   * (`delivered`) or the step fails (`delivery-failed`): the work has been due since then and no
   * delivery of it is known, so patrol delivers it again (`redeliver`).
   */
  due: isoTime.optional(),
  /** Patrol's deliveries since `due` (`redeliver`), and when it made the last one. */
  tries: z.number().int().min(1).optional(),
  triedAt: isoTime.optional(),
});

export const MoleculeSchema = z.object({
  v: z.literal(1),
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
  title: z.string(),
  formula: FormulaRefSchema,
  vars: z.record(z.string(), z.string()),
  kind: z.enum(['mol', 'wisp']),
  status: z.enum(MOLECULE_STATUSES),
  subject: SubjectSchema,
  base: z.object({ ref: z.string(), sha: z.string().optional() }),
  execution: z.enum(EXECUTION_MODES),
  /** Bumped by every write: a store refuses a write whose rev is not the one it read. */
  rev: z.number().int().min(0),
  createdAt: isoTime,
  updatedAt: isoTime,
  /** Wisps only: when the wisp evaporates. */
  expiresAt: isoTime.optional(),
  /**
   * A patrol wisp's place in its loop (`rewisp.ts`): the first round's id (absent on the first
   * round itself), this round's number, and `last` when no round may follow (`mol wisp --once`).
   */
  loop: z
    .object({ root: z.string().optional(), round: z.number().int().min(1), last: z.boolean().optional() })
    .optional(),
  steps: z.array(StepStateSchema),
  history: z.array(HistoryEntrySchema),
  /** How many history entries were trimmed to fit the state budget. */
  historyTrimmed: z.number().int().min(0).optional(),
  summary: z.string().optional(),
  /** The molecule's budget as a person raised it (or a face's default), over the formula's. */
  budget: BudgetSchema.optional(),
  /** Why it is paused for its budget: the step stopped and the limit it reached. */
  budgetStop: z.object({ step: z.string(), message: z.string() }).optional(),
  /** Where its work is delivered (`[pull_request]`). */
  delivery: DeliverySchema.optional(),
});

export type StepStatus = (typeof STEP_STATUSES)[number];
export type MoleculeStatus = (typeof MOLECULE_STATUSES)[number];
export type BlobPin = z.infer<typeof BlobPinSchema>;
export type FormulaRef = z.infer<typeof FormulaRefSchema>;
export type Checkpoint = z.infer<typeof CheckpointSchema>;
export type GateResult = z.infer<typeof GateResultSchema>;
export type Lease = z.infer<typeof LeaseSchema>;
export type LeaseProcess = z.infer<typeof LeaseProcessSchema>;
export type StepState = z.infer<typeof StepStateSchema>;
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
export type Subject = z.infer<typeof SubjectSchema>;
export type Molecule = z.infer<typeof MoleculeSchema>;
export type Delivery = z.infer<typeof DeliverySchema>;

/** The archive record (squash): what remains of a molecule once it is done. */
export const ArchiveRecordSchema = z.object({
  v: z.literal(1),
  id: z.string(),
  title: z.string(),
  formula: FormulaRefSchema,
  vars: z.record(z.string(), z.string()),
  subject: SubjectSchema,
  outcome: z.enum(['complete', 'failed', 'in_progress', 'pending', 'paused']),
  summary: z.string(),
  steps: z.array(
    z.object({
      id: z.string(),
      status: z.enum(STEP_STATUSES),
      attempts: z.number().int().min(0),
      commit: z.string().optional(),
    }),
  ),
  metrics: z.object({
    durationMs: z.number(),
    attempts: z.number(),
    retries: z.number(),
    loops: z.number(),
    /** What the molecule's agents used in all. */
    usage: UsageSchema.optional(),
  }),
  createdAt: isoTime,
  squashedAt: isoTime,
});
export type ArchiveRecord = z.infer<typeof ArchiveRecordSchema>;
