/**
 * Evaluates a step's gates after its work is committed. The runner decides the gates it can check on
 * the checkout (command, files, schema), timers against a clock and conditions over the vars; the
 * others — approval, CI checks, a merged PR — come back as `passed: null`, "waiting for ...", for a
 * face (the App, the Action, a person at the CLI) to decide (the registry: engine/molecule/gate-registry.ts).
 */

import {
  formatDuration,
  type GateJudges,
  type GateResult,
  judgeConditional,
  judgeGate,
  judgeTimer,
  type ProtoGate,
  parseDuration,
  waitingOn,
} from '../engine/index.js';
import { filesGate } from './gates/files-gate.js';
import { schemaGate } from './gates/schema-gate.js';
import { type OutputStream, runCommand } from './run-process.js';

export interface EvaluateGatesOptions {
  cwd: string;
  gates: ProtoGate[];
  /**
   * The step's environment (stepEnv): a gate command sees exactly what the step's command sees,
   * its `MOL_*` variables and nothing that may hold a credential; it inherits nothing else.
   */
  env: Record<string, string>;
  now?: () => Date;
  /** The molecule's vars, which a `conditional` gate is judged over. */
  vars?: Readonly<Record<string, string>>;
  /** When the step started waiting on its gates; timer gates count from here. */
  awaitingSince?: string;
  /** For command gates without their own `timeout` (default 10 minutes). */
  defaultTimeoutMs?: number;
  onOutput?: (chunk: string, stream: OutputStream) => void;
}

const DEFAULT_GATE_TIMEOUT_MS = 10 * 60_000;
/** A gate's detail ends up in the state comment and a check run summary: keep it short. */
const DETAIL_TAIL_CHARS = 800;

export async function evaluateGates(options: EvaluateGatesOptions): Promise<GateResult[]> {
  const results: GateResult[] = [];
  for (const gate of options.gates) results.push(await judgeGate(WORKSPACE_JUDGES, gate, options));
  return results;
}

/** What the step's workspace judges; approval, checks and a merged PR wait for a face or a person. */
const WORKSPACE_JUDGES: GateJudges<EvaluateGatesOptions> = {
  command: (gate, options) => commandGate(gate.run, gate.timeout, options),
  files: (gate, options) => filesGate(options.cwd, gate.paths),
  schema: (gate, options) => schemaGate(options.cwd, gate.file, gate.schema),
  timer: (gate, options) =>
    judgeTimer(gate.after, options.awaitingSince, (options.now ?? (() => new Date()))()),
  conditional: (gate, options) => (options.vars ? judgeConditional(gate, options.vars) : waitingOn(gate)),
  approval: null,
  checks: null,
  'pr-merged': null,
};

async function commandGate(
  run: string,
  timeout: string | undefined,
  options: EvaluateGatesOptions,
): Promise<GateResult> {
  const timeoutMs =
    (timeout !== undefined ? parseDuration(timeout) : undefined) ??
    options.defaultTimeoutMs ??
    DEFAULT_GATE_TIMEOUT_MS;
  const outcome = await runCommand({
    cwd: options.cwd,
    run,
    env: options.env,
    inheritEnv: false,
    timeoutMs,
    onOutput: options.onOutput,
  });
  if (!outcome.ok) return { type: 'command', passed: false, detail: outcome.error.message };
  const { exitCode, timedOut, outputTail, durationMs } = outcome.value;
  const tail =
    outputTail.length > DETAIL_TAIL_CHARS ? `…${outputTail.slice(-DETAIL_TAIL_CHARS)}` : outputTail;
  const how = timedOut
    ? `timed out after ${formatDuration(timeoutMs)}`
    : exitCode === null
      ? `killed by ${outcome.value.signal}`
      : `exit ${exitCode}`;
  const detail = `\`${run}\`: ${how} in ${formatDuration(durationMs)}${tail.trim() === '' ? '' : `\n${tail.trimEnd()}`}`;
  return { type: 'command', passed: !timedOut && exitCode === 0, detail };
}
