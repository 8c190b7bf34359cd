/**
 * Gas City's `[steps.ralph]` and `[steps.retry]` on the engine's own machinery rather than a
 * second one: `max_attempts` (runs in total, the first included) becomes the step's retry budget,
 * `ralph.check` a command gate run in the step's workspace after its work (a failing check fails
 * the attempt, so the step runs again while attempts remain), and `retry.on_exhausted` the proto's
 * `onExhausted`, which the scheduler reads once the budget is spent.
 *
 * `[steps.retry]` also brings Gas City's retry classes: the proto's `onExhausted` (hard_fail when
 * not written) marks the step, and the failure path then retries only transient failures (exit
 * status 75; see ops/fail.ts). Ralph retries every failed check, as Gas City's ralph does.
 */
import { type CookContext, placeOf } from './cook-context.js';
import type { ProtoGate, ProtoStep } from './proto.js';
import type { WorkStep } from './work-step.js';

export type LoopFields = Pick<ProtoStep, 'maxRetries' | 'onExhausted'> & { check?: ProtoGate };

export function gasCityLoops(step: WorkStep, gates: readonly ProtoGate[], ctx: CookContext): LoopFields {
  const { ralph, retry, max_retries } = step.fields;
  if (ralph === undefined && retry === undefined) return {};
  const at = (...path: (string | number)[]) => placeOf(step.origin, ...path);
  const which = ralph !== undefined ? 'ralph' : 'retry';
  if (ralph !== undefined && retry !== undefined) {
    ctx.error(
      'loop-conflict',
      `step "${step.id}" has both [steps.ralph] and [steps.retry]; a step takes one of them (ralph already retries until its check passes)`,
      at('retry'),
    );
  }
  if (max_retries !== undefined) {
    ctx.error(
      'loop-conflict',
      `step "${step.id}" sets both max_retries and ${which}.max_attempts; keep ${which}.max_attempts (the runs in total, the first included)`,
      at('max_retries'),
    );
  }
  const out: LoopFields = {};
  const attempts = (ralph ?? retry)?.max_attempts;
  if (attempts !== undefined) out.maxRetries = attempts - 1;
  if (retry !== undefined) out.onExhausted = retry.on_exhausted ?? 'hard_fail';
  if (ralph !== undefined) {
    const { path, timeout } = ralph.check;
    if (gates.some((g) => g.type === 'command')) {
      ctx.error(
        'loop-conflict',
        `step "${step.id}" has a command gate and a ralph check; the check is the step's command gate, so fold the two into the check script`,
        at('ralph', 'check'),
      );
    }
    if (path.split(/[\\/]/).includes('..')) {
      ctx.error(
        'invalid-value',
        `step "${step.id}": ralph.check.path "${path}" leaves the step's workspace; give a path inside it (or an absolute path)`,
        at('ralph', 'check', 'path'),
      );
    }
    const run = checkCommand(path);
    out.check = timeout === undefined ? { type: 'command', run } : { type: 'command', run, timeout };
  }
  return out;
}

/**
 * The check runs as a program, as Gas City runs it: a relative path is the file in the workspace
 * (never a command found on PATH), quoted so that spaces and `$` in it stay part of the name.
 */
function checkCommand(path: string): string {
  const file = path.startsWith('/') || path.startsWith('./') ? path : `./${path}`;
  return `'${file.replaceAll("'", `'\\''`)}'`;
}
