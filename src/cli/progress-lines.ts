/**
 * The live lines `mol run` prints as steps start, stay quiet for long, and finish. What a finish
 * means is read from the state after the change, so the line says what actually happened:
 * completed, waiting on its gates, retrying, looped back by `on_fail`, or failed for good. On a
 * terminal each line starts with a symbol, coloured when colour is on; piped, a line has words only
 * (`started build: …`, `build completed …`), as the README promises scripts.
 */

import {
  DEFAULT_MAX_RETRIES,
  formatDuration,
  type Molecule,
  type ProtoStep,
  type StepState,
} from '../engine/index.js';
import { failureText, type StepOutcome } from '../shell/step/step-outcome.js';
import { PLAIN, type Style, type Tone } from './style.js';

const SHORT_SHA = 7;

export function startedLine(step: StepState, def: ProtoStep, style: Style = PLAIN): string {
  const attempt =
    step.attempts > 1 ? ` (attempt ${step.attempts} of ${(def.maxRetries ?? DEFAULT_MAX_RETRIES) + 1})` : '';
  return `${style.symbols ? `${style.paint('active', '▶')} ` : 'started '}${step.id}: ${def.title}${attempt}`;
}

/** The heartbeat of a step that has been quiet for a while: `… build still running (1m30s)`. */
export function stillRunningLine(stepId: string, ms: number, style: Style = PLAIN): string {
  return style.paint('muted', `${style.symbols ? '… ' : ''}${stepId} still running (${clockText(ms)})`);
}

/** `45s`, `1m30s`, `2h05m`: whole units a person counts in while waiting. */
export function clockText(ms: number): string {
  const seconds = Math.floor(ms / 1_000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

export function finishedLine(
  before: StepState,
  after: Molecule,
  def: ProtoStep,
  outcome: StepOutcome,
  ms: number,
  style: Style = PLAIN,
): string {
  const line = finishedText(before, after, def, outcome, ms);
  const symbol = line.slice(0, line.indexOf(' '));
  return markedLine(symbol, line.slice(symbol.length + 1), style);
}

/** `↺ build: …` on a terminal, the symbol in its tone; piped, the words alone. */
export function markedLine(symbol: string, text: string, style: Style = PLAIN): string {
  return style.symbols ? `${style.paint(SYMBOL_TONE[symbol] ?? 'strong', symbol)} ${text}` : text;
}

const SYMBOL_TONE: Record<string, Tone> = {
  '✓': 'good',
  '⏳': 'waiting',
  '↻': 'waiting',
  '↺': 'waiting',
  '✗': 'bad',
  '■': 'muted',
  '⚠': 'waiting',
};

function finishedText(
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
