/**
 * A gate step in a job: it has no work, so it takes no lease and makes no commit, but its command,
 * files and schema gates read the work it gates, which only a job's checkout holds. The job builds
 * that checkout from the needs' branches as for any step, judges those gates there, and records
 * the results; approval, timer, checks and pr-merged are left to the App (and to people).
 */
import { GATE_JUDGES, type GateResult, ok, type Result } from '../../engine/index.js';
import { evaluateGates } from '../../runner/evaluate-gates.js';
import { type RecordedStep, recordStepEvent } from './record-step-event.js';
import { commandEnv } from './run-step-command.js';
import { prepareCheckout } from './step-checkout.js';
import type { StepJob } from './step-job.js';

/** The gates only a checkout can judge. */

export type JudgedGateStep =
  /** The results were recorded (`recorded`), or none could be decided. */
  | { kind: 'judged'; job: StepJob; results: GateResult[]; recorded?: RecordedStep }
  /** Not waiting for gates a checkout judges: nothing for this job to do. */
  | { kind: 'nothing'; job: StepJob; message: string };

export async function judgeGateStep(job: StepJob): Promise<Result<JudgedGateStep>> {
  const { def, state, host } = job;
  const gates = def.gates.filter((g) => GATE_JUDGES[g.type] === 'workspace');
  if (state.status !== 'awaiting_gate' || gates.length === 0) {
    const what =
      gates.length === 0 ? 'has no gate a checkout judges' : `is ${state.status.replace('_', ' ')}`;
    return ok({ kind: 'nothing', job, message: `gate step "${def.id}" ${what}; nothing to judge` });
  }
  const checkout = await prepareCheckout(job);
  if (!checkout.ok) return checkout;
  const env = commandEnv(job, checkout.value);
  if (!env.ok) return env;
  const judge = () =>
    evaluateGates({
      cwd: checkout.value.cwd,
      gates,
      env: env.value,
      vars: job.mol.vars,
      now: host.now,
      ...(host.output === undefined ? {} : { onOutput: host.output }),
    });
  const results = await (host.enclose ? host.enclose(judge) : judge());
  for (const gate of results) {
    const verdict = gate.passed === null ? 'waiting' : gate.passed ? 'passed' : 'failed';
    host.log(`gate ${gate.type}: ${verdict} — ${gate.detail.split('\n')[0]}`);
  }
  const decided = results.filter((g) => g.passed !== null);
  if (decided.length === 0) return ok({ kind: 'judged', job, results });
  const recorded = await recordStepEvent(job, { type: 'gates', step: def.id, gates: decided });
  if (!recorded.ok) return recorded;
  return ok({ kind: 'judged', job: recorded.value.job, results, recorded: recorded.value });
}
