/**
 * The live lines `mol run` prints as steps start and finish. What a finish means is read from the
 * state after the change, so the line says what actually happened: completed, waiting on its gates,
 * retrying, looped back by `on_fail`, or failed for good.
 */

import { DEFAULT_MAX_RETRIES, type ProtoStep } from '../engine/cook/proto.js';
import { formatDuration } from '../engine/duration.js';
import type { Molecule, StepState } from '../engine/molecule/molecule-schema.js';
import { failureText, type StepOutcome } from '../shell/step/step-outcome.js';

const SHORT_SHA = 7;

export function startedLine(step: StepState, def: ProtoStep): string {
  const attempt =
    step.attempts > 1 ? ` (attempt ${step.attempts} of ${(def.maxRetries ?? DEFAULT_MAX_RETRIES) + 1})` : '';
  return `▶ ${step.id}: ${def.title}${attempt}`;
}

export function finishedLine(
  before: StepState,
  after: Molecule,
  def: ProtoStep,
  outcome: StepOutcome,
  ms: number,
): string {
  const now = after.steps.find((s) => s.id === before.id);
  const took = formatDuration(ms);
  const gates = outcome.gates
    .map((g) => `${g.type} gate ${g.passed === null ? 'waiting' : g.passed ? 'passed' : 'failed'}`)
    .join(', ');
  if (outcome.status !== 'failed') {
    const commit = outcome.checkpoint?.commit?.slice(0, SHORT_SHA);
    const files = outcome.checkpoint?.filesModified.length ?? 0;
    const facts = [
      `in ${took}`,
      `${files} file${files === 1 ? '' : 's'}`,
      ...(commit ? [`commit ${commit}`] : []),
      ...(gates ? [gates] : []),
    ];
    if (now?.status === 'awaiting_gate') return `⏳ ${before.id} waits for its gates (${facts.join(' · ')})`;
    return `✓ ${before.id} completed ${facts.join(' · ')}`;
  }
  const why = failureText(outcome);
  if (now === undefined) return `✗ ${before.id} failed: ${why}`;
  const max = (def.maxRetries ?? DEFAULT_MAX_RETRIES) + 1;
  if (now.status === 'ready')
    return `↻ ${before.id} failed after ${took}: ${why} — retrying (attempt ${now.attempts + 1} of ${max})`;
  if (now.status === 'pending') {
    const target = def.onFail === undefined ? undefined : after.steps.find((s) => s.id === def.onFail);
    const loop = target ? ` (loop ${target.loops})` : '';
    return `↺ ${before.id} failed after ${took}: ${why} — looping back to ${def.onFail ?? 'an earlier step'}${loop}`;
  }
  return `✗ ${before.id} failed for good after ${now.attempts} attempt${now.attempts === 1 ? '' : 's'}: ${why}`;
}
