/**
 * What a step job reports through `repository_dispatch` (event type `molecular-step-report`),
 * for setups where the job does not write the state comment itself: it started, completed (with
 * its checkpoint, gate results and branch) or failed. The sender is a step job; this schema is
 * the contract between it and both faces, so they import it from here. Who may send one and
 * its signature: repository-dispatch.ts, step-report-signature.ts.
 */
import { z } from 'zod';
import {
  CheckpointSchema,
  type GateResult,
  GateResultSchema,
  leaseTtlMs,
  type Molecule,
  type MoleculeEvent,
  ok,
  type Result,
  refuseUnheldReport,
} from '../engine/index.js';

export const STEP_REPORT_EVENT = 'molecular-step-report';

export const StepReportSchema = z.object({
  molecule: z.string().min(1),
  step: z.string().min(1),
  event: z.enum(['start', 'complete', 'fail']),
  /** The Actions run id of the job: its lease, and the guard against a stale job's report. */
  runId: z.union([z.string(), z.number()]).transform(String).optional(),
  leaseTtlMs: z.number().int().positive().optional(),
  checkpoint: CheckpointSchema.optional(),
  gates: z.array(GateResultSchema).optional(),
  branch: z.string().optional(),
  error: z.string().optional(),
  /** `hmac-sha256:<hex>` (step-report-signature.ts); required when a state key is set. */
  signature: z.string().optional(),
});

export type StepReport = z.infer<typeof StepReportSchema>;

/**
 * The report without its approval results: an approval gate is passed by a person with the
 * gate's permission (`/mol approve`), never by a report, whoever
 * sent it. The step then waits for approval as if the report had said nothing about it.
 */
export function withoutApprovals(report: StepReport): { report: StepReport; dropped: GateResult[] } {
  const dropped = (report.gates ?? []).filter((g) => g.type === 'approval');
  if (dropped.length === 0) return { report, dropped };
  return { report: { ...report, gates: (report.gates ?? []).filter((g) => g.type !== 'approval') }, dropped };
}

/**
 * The event a report asks for, decided on the molecule as it is now. While a run holds the
 * step's lease, only a report naming that run counts: one from a run that lost it (the step was
 * retried and another run took it) or one naming no run is refused, so neither a late job nor
 * anyone else who can dispatch can overwrite the holder's work.
 */
export function reportEvent(report: StepReport, mol: Molecule): Result<MoleculeEvent> {
  const by = report.runId ? `run ${report.runId}` : 'step job';
  if (report.event !== 'start') {
    const current = refuseUnheldReport(mol, report.step, report.runId);
    if (!current.ok) return current;
  }
  switch (report.event) {
    case 'start':
      return ok({
        type: 'start',
        step: report.step,
        by,
        ...(report.runId
          ? {
              lease: {
                holder: by,
                runId: report.runId,
                ttlMs: report.leaseTtlMs ?? leaseTtlMs({}, 'actions'),
              },
            }
          : {}),
      });
    case 'complete':
      return ok({
        type: 'complete',
        step: report.step,
        by,
        ...(report.checkpoint ? { checkpoint: report.checkpoint } : {}),
        ...(report.gates ? { gates: report.gates } : {}),
        ...(report.branch ? { branch: report.branch } : {}),
      });
    case 'fail':
      return ok({
        type: 'fail',
        step: report.step,
        by,
        error: report.error ?? `the step job (${by}) failed`,
      });
  }
}
