/**
 * The events a molecule accepts, as a schema: slash commands, step jobs, webhooks and patrol
 * all speak this, and a face can validate what it received (a workflow_dispatch input, a queued
 * message) before handing it to `transition`.
 */
import { z } from 'zod';
import { BudgetSchema } from '../../budget/budget.js';
import { UsageSchema } from '../../budget/usage.js';
import {
  CheckpointSchema,
  DeliverySchema,
  GateResultSchema,
  LeaseProcessSchema,
} from '../molecule-schema.js';

const step = z.string().min(1);
const by = z.string().optional();

export const MoleculeEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    step,
    lease: z
      .object({
        holder: z.string(),
        runId: z.string().optional(),
        ttlMs: z.number().int().positive(),
        /** The holder starting again with its command's process group: recorded in the lease. */
        process: LeaseProcessSchema.optional(),
      })
      .optional(),
    by,
  }),
  z.object({
    type: z.literal('complete'),
    step,
    checkpoint: CheckpointSchema.optional(),
    gates: z.array(GateResultSchema).optional(),
    branch: z.string().optional(),
    /** What the attempt's agent used: added to the step's usage. */
    usage: UsageSchema.optional(),
    by,
  }),
  /** Gate results arriving later (checks finished, timer elapsed). */
  z.object({ type: z.literal('gates'), step, gates: z.array(GateResultSchema) }),
  /**
   * `transient`: the failure is worth retrying (the command or agent exited 75, EX_TEMPFAIL).
   * Only Gas City's `[steps.retry]` reads it: there an unclassed failure is hard and not retried.
   */
  z.object({
    type: z.literal('fail'),
    step,
    error: z.string(),
    transient: z.boolean().optional(),
    usage: UsageSchema.optional(),
    /**
     * `budget`: the agent reached a limit: the step waits, ready, and the molecule pauses until it is raised.
     * `unsafe`: the step did what no attempt may be built on (it changed git's configuration, which
     * the next attempt would start from): failed for good at once, no retry and no on_fail loop.
     */
    reason: z.enum(['budget', 'unsafe']).optional(),
    by,
  }),
  /** A person raises (or sets) the molecule's budget, or a step's: a molecule paused for it goes on. */
  z.object({ type: z.literal('budget'), step: step.optional(), budget: BudgetSchema, by }),
  /** A failed step (or one blocked by failures: their sources are retried) back to ready; works after retries are spent. */
  z.object({ type: z.literal('retry'), step, by }),
  /** `force`: also a gate step, or a step whose approval has not passed (see ops/skip.ts). */
  z.object({
    type: z.literal('skip'),
    step,
    reason: z.string().optional(),
    force: z.boolean().optional(),
    by,
  }),
  z.object({ type: z.literal('approve'), step, by: z.string() }),
  /** To a step's checkpoint (it stays completed, everything downstream back to pending); no step: to the base. */
  z.object({ type: z.literal('rollback'), step: step.optional(), by }),
  z.object({ type: z.literal('pause'), by }),
  z.object({ type: z.literal('unpause'), by }),
  z.object({ type: z.literal('squash'), summary: z.string().optional(), by }),
  /** A molecule still in progress or paused burns only with `force`: work someone is doing is lost. */
  z.object({ type: z.literal('burn'), by, force: z.boolean().optional() }),
  /** A wisp whose TTL passed. */
  z.object({ type: z.literal('evaporate') }),
  /** In-progress steps whose lease expired (or that have none) back to ready; ready steps dispatched again. */
  z.object({ type: z.literal('resume'), by }),
  /** Patrol: a step past its timeout fails (so retries apply). */
  z.object({ type: z.literal('timeout'), step }),
  /** Patrol: a nudge was sent to whoever holds the step. */
  z.object({ type: z.literal('nudge'), step }),
  /**
   * Patrol: an in-progress step back to ready because its lease expired (no runId) or its run is
   * gone (runId: refused unless that run still holds the lease, so a stale decision cannot evict a
   * newer run).
   */
  z.object({
    type: z.literal('release'),
    step,
    runId: z.string().optional(),
    /** The face saw the process group the lease records end (or never start): required when it records one. */
    processEnded: z.boolean().optional(),
    by,
  }),
  /** The face built the result branch or opened, found, merged or closed the pull request. */
  z.object({ type: z.literal('delivered'), delivery: DeliverySchema, by }),
  /** Patrol: work due on the result branch with no delivery recorded is delivered again (the try counted). */
  z.object({ type: z.literal('redeliver'), by }),
  /**
   * A completed step's work cannot be delivered (it conflicts on the result branch; its pull
   * request was closed unmerged under `on_pr_closed: fail`): the step fails, saying why.
   */
  z.object({ type: z.literal('delivery-failed'), step, error: z.string().min(1), by }),
  /**
   * A review requesting changes on the molecule's pull request (the face checked the reviewer's
   * role): back to the delivering step's `on_changes_requested` step, with the review's text.
   */
  z.object({ type: z.literal('changes-requested'), review: z.string(), by: z.string() }),
  /** Complete or failed molecules only: back to a fresh pour of the same proto. */
  z.object({ type: z.literal('reset'), by }),
  /** Any state: a fresh pour, with a warning notice. */
  z.object({ type: z.literal('force-reset'), by: z.string() }),
]);

export type MoleculeEvent = z.infer<typeof MoleculeEventSchema>;
export type MoleculeEventType = MoleculeEvent['type'];
export type StepTargetedEvent = Extract<MoleculeEvent, { step: string }>;
