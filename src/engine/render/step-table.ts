import { describeUsage } from '../budget/usage.js';
import type { StepState } from '../molecule/molecule-schema.js';
import { codeSpan, inlineText } from './escape-markdown.js';
import { STEP_STATUS_EMOJI, statusWords } from './status-emoji.js';

const NOTE_MAX_CHARS = 120;
const TITLE_MAX_CHARS = 80;
const SHORT_SHA = 7;

/**
 * The steps as a GitHub markdown table. `titles` comes from the proto; without it the Title
 * column is left out and the step ids stand alone.
 */
export function renderStepTable(steps: readonly StepState[], titles?: ReadonlyMap<string, string>): string {
  // The Usage column appears once an agent's usage was recorded: molecules without agents read as before.
  const usage = steps.some((step) => step.usage !== undefined);
  const [names, align] = titles
    ? ['| Status | Step | Title | Attempts | Branch · commit |', '|---|---|---|---:|---|']
    : ['| Status | Step | Attempts | Branch · commit |', '|---|---|---:|---|'];
  const header = [`${names}${usage ? ' Usage |' : ''} Note |`, `${align}${usage ? '---|' : ''}---|`];
  const rows = steps.map((step) => {
    const known = rowCache.get(step);
    if (known && known.titles === titles && known.usage === usage) return known.text;
    const cells = [
      `${STEP_STATUS_EMOJI[step.status]} ${statusWords(step.status)}`,
      codeSpan(step.id),
      ...(titles ? [inlineText(titles.get(step.id) ?? '', TITLE_MAX_CHARS)] : []),
      attemptsCell(step),
      whereCell(step),
      ...(usage ? [inlineText(describeUsage(step.usage), NOTE_MAX_CHARS)] : []),
      inlineText(noteText(step), NOTE_MAX_CHARS),
    ];
    const text = `| ${cells.join(' | ')} |`;
    rowCache.set(step, { titles, usage, text });
    return text;
  });
  return [...header, ...rows].join('\n');
}

/**
 * A step's row, kept against the step and the titles it was written with: the engine never
 * changes a step it returned (a transition copies the step it edits), so a table re-rendered
 * after every transition writes only the rows of the steps that changed.
 */
const rowCache = new WeakMap<
  StepState,
  { titles: ReadonlyMap<string, string> | undefined; usage: boolean; text: string }
>();

function attemptsCell(step: StepState): string {
  if (step.attempts === 0 && step.loops === 0) return '';
  return step.loops > 0 ? `${step.attempts} (loop ${step.loops})` : String(step.attempts);
}

function whereCell(step: StepState): string {
  const commit = step.checkpoint?.commit;
  const parts = [
    step.branch ? codeSpan(step.branch, 60) : '',
    commit ? codeSpan(commit.slice(0, SHORT_SHA)) : '',
  ];
  return parts.filter((part) => part !== '').join(' @ ');
}

/** What a reader most needs about a step: why it failed, what someone said, or what it waits for. */
function noteText(step: StepState): string {
  if (step.error) return step.error;
  if (step.note) return step.note;
  const waiting = (step.gates ?? []).filter((gate) => gate.passed !== true);
  if (waiting.length > 0) {
    return waiting
      .map((gate) => `${gate.type} ${gate.passed === false ? 'failed' : 'waiting'}: ${gate.detail}`)
      .join('; ');
  }
  if (step.lease && step.status === 'in_progress') return `held by ${step.lease.holder}`;
  return step.checkpoint?.notes ?? '';
}
