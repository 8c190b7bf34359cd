/**
 * What a step job reports through `repository_dispatch` (event type `molecular-step-report`),
 * for setups where the job does not write the state comment itself: it started, completed (with
 * its checkpoint, gate results and branch) or failed. The sender is the Action; this schema is
 * the contract between the two faces, so both import it from here.
 */
import { z } from 'zod';
import {
  CheckpointSchema,
  GateResultSchema,
  leaseTtlMs,
  type Molecule,
  type MoleculeEvent,
  ok,
  type Result,
  refuseStaleReport,
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
});

export type StepReport = z.infer<typeof StepReportSchema>;

/**
 * The event a report asks for, decided on the molecule as it is now. A report from a run that no
 * longer holds the step's lease (the step was retried and another run took it) is refused, so a
 * late job cannot overwrite its successor's work.
 */
export function reportEvent(report: StepReport, mol: Molecule): Result<MoleculeEvent> {
  const by = report.runId ? `run ${report.runId}` : 'step job';
  if (report.event !== 'start') {
    const current = refuseStaleReport(mol, report.step, report.runId);
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
