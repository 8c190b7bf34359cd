/**
 * Effects: what the engine asks the faces to do after a transition. The engine decides; the
 * App, the Action and the CLI carry these out (API calls, git, processes) in one place each.
 * Every effect is data, so tests of a rule read the list instead of mocking a network.
 */

import type { ProtoGate } from '../cook/proto.js';
import type { ArchiveRecord, GateResult, StepStatus } from './molecule-schema.js';

export type Effect =
  /** A step became ready: run it (local) or dispatch its job (distributed). */
  | { type: 'dispatch'; step: string; baseBranches: string[] }
  /** The step's work is done and these gates need evaluating by a face (commands, files, checks, ...). */
  | { type: 'evaluate-gates'; step: string; gates: ProtoGate[] }
  /** A gated step changed: create or update its check run. */
  | { type: 'check-run'; step: string; status: StepStatus; gates: GateResult[]; commit?: string }
  | { type: 'step-status'; step: string; from: StepStatus; to: StepStatus; note?: string }
  | { type: 'molecule-status'; from: string; to: string }
  /** State labels on the subject (`molecule:active|complete|failed`). */
  | { type: 'labels'; add: string[]; remove: string[] }
  /** A nudge to whoever holds an idle step (patrol). */
  | { type: 'nudge'; step: string; idleMs: number }
  /** Squash: replace the live state with this record. */
  | { type: 'archive'; record: ArchiveRecord }
  /** Burn or squash: branches the molecule created, to delete. */
  | { type: 'delete-branches'; branches: string[] }
  /** Rollback: reset the molecule's branch to a checkpoint commit (undefined: the base). */
  | { type: 'reset-branch'; step?: string; commit?: string }
  /**
   * `[pull_request]`: `step` completed at or after the delivering step: merge `branches` (the
   * completed steps' that no other completed step builds on) into the result branch, push it, and open the pull request
   * once (or find it open).
   */
  | { type: 'deliver'; step: string; branches: string[] }
  /** Something a person should read (a no-op completion, a forced reset, ...). */
  | { type: 'notice'; level: 'info' | 'warning'; message: string };

export type EffectType = Effect['type'];
