/**
 * Evaluates a step's gates after its work is committed. The runner decides the gates it can check on
 * the checkout (command, files, schema, and timers against a clock); the others — approval, CI
 * checks, a merged PR, a condition over vars — come back as `passed: null`, "waiting for ...", for a
 * face (the App, the Action, a person at the CLI) to decide.
 */

import {
  formatDuration,
  type GateResult,
  judgeTimer,
  type ProtoGate,
  parseDuration,
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
  for (const gate of options.gates) results.push(await evaluateGate(gate, options));
  return results;
}

async function evaluateGate(gate: ProtoGate, options: EvaluateGatesOptions): Promise<GateResult> {
  switch (gate.type) {
    case 'command':
      return commandGate(gate.run, gate.timeout, options);
    case 'files':
      return filesGate(options.cwd, gate.paths);
    case 'schema':
      return schemaGate(options.cwd, gate.file, gate.schema);
    case 'timer':
      return judgeTimer(gate.after, options.awaitingSince, (options.now ?? (() => new Date()))());
    case 'approval':
      return {
        type: gate.type,
        passed: null,
        detail: `waiting for approval by someone with ${gate.permission} permission`,
      };
    case 'checks':
      return {
        type: gate.type,
        passed: null,
        detail: `waiting for checks: ${gate.names.length > 0 ? gate.names.join(', ') : 'all'}`,
      };
    case 'pr-merged':
      return { type: gate.type, passed: null, detail: 'waiting for the pull request to be merged' };
    case 'conditional':
      return {
        type: gate.type,
        passed: null,
        detail: `waiting for the condition ${gate.condition} to be evaluated`,
      };
  }
}

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
