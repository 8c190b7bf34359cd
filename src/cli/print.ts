/**
 * How molecules look in a terminal: a headline with the progress bar, a plain-text step table,
 * what a person is expected to do next, and the JSON shape of `--json` (the state plus each step's
 * title from the proto, and the progress counts). Columns are measured in terminal cells, so emoji
 * and CJK titles (two cells a character) and colour codes (none) keep the table aligned.
 */
import stringWidth from 'string-width';
import {
  BUDGET_LIMITS,
  type Budget,
  type BudgetLimit,
  budgetLeft,
  describeUsage,
  formatAmount,
  formatUsd,
  isEmptyUsage,
  type Molecule,
  mergeBudget,
  moleculeUsage,
  type Progress,
  type Proto,
  progress,
  progressBar,
  type StepState,
  settledSteps,
  tokensOf,
  type Usage,
} from '../engine/index.js';
import { runsUnattended } from '../shell/step/agent-command.js';
import { PLAIN, type Style } from './style.js';

const SHORT_SHA = 7;
const TITLE_WIDTH = 40;
const NOTE_WIDTH = 60;

/** A budget as `--json` shows it: the limits that hold (raises included) and what is left of each. */
export type BudgetJson = Budget & { left: Partial<Record<BudgetLimit, number>> };
export type StepJson = Omit<StepState, 'budget'> & { title: string; budget?: BudgetJson };
export type MoleculeJson = Omit<Molecule, 'steps' | 'budget'> & {
  steps: StepJson[];
  progress: Progress;
  usage: Usage;
  budget?: BudgetJson;
};

export function moleculeJson(mol: Molecule, proto?: Proto): MoleculeJson {
  const defs = new Map(proto?.steps.map((s) => [s.id, s]));
  const total = moleculeUsage(mol.steps);
  const { budget: _raised, ...rest } = mol;
  const molBudget = mergeBudget(proto?.budget, mol.budget);
  return {
    ...rest,
    steps: mol.steps.map((s) => {
      const { budget: _own, ...step } = s;
      const def = defs.get(s.id);
      const budget = mergeBudget(def?.budget, s.budget);
      return {
        ...step,
        title: def?.title ?? s.id,
        ...(budget === undefined ? {} : { budget: budgetJson(budget, s.usage ?? {}) }),
      };
    }),
    progress: progress(mol),
    usage: total,
    ...(molBudget === undefined ? {} : { budget: budgetJson(molBudget, total) }),
  };
}

function budgetJson(budget: Budget, used: Usage): BudgetJson {
  return { ...budget, left: budgetLeft(budget, used) };
}

/** `usage: 12.3k tokens, $0.42, 7 turns · budget: $4.58 of $5 left`, or nothing before any agent ran. */
export function usageLine(mol: Molecule, proto?: Proto): string | undefined {
  const total = moleculeUsage(mol.steps);
  const budget = mergeBudget(proto?.budget, mol.budget);
  if (isEmptyUsage(total) && budget === undefined) return undefined;
  const parts = [`usage: ${describeUsage(total) || 'none yet'}`];
  if (budget !== undefined) {
    const left = budgetLeft(budget, total);
    const words = BUDGET_LIMITS.filter((l) => left[l] !== undefined).map((l) => {
      const of = l === 'time' ? (budget.time as string) : formatAmount(l, budget[l] as number);
      return `${formatAmount(l, left[l] as number)} of ${of}`;
    });
    parts.push(`budget left: ${words.join(', ')}`);
  }
  if (mol.budgetStop !== undefined) parts.push(`paused: ${mol.budgetStop.message}`);
  return parts.join(' · ');
}

export function headline(mol: Molecule, style: Style = PLAIN): string {
  const kind = mol.kind === 'wisp' ? ' (wisp)' : '';
  return `${style.paint('strong', mol.id)}${kind} · ${mol.formula.name} · ${style.status(mol.status)} · ${progressText(settledSteps(mol), mol.steps.length, style)}`;
}

/**
 * `▓▓▓▓▓░░░░░ 4/8 (50%)` on a terminal; piped, only `4/8 (50%)`: block characters are symbols, and
 * piped output has none.
 */
export function progressText(done: number, total: number, style: Style, width?: number): string {
  const bar = progressBar(done, total, width);
  return style.symbols ? bar : bar.slice(bar.indexOf(' ') + 1);
}

export function stepTable(mol: Molecule, proto?: Proto, style: Style = PLAIN): string {
  const titles = new Map(proto?.steps.map((s) => [s.id, s.title]));
  const rows = mol.steps.map((s) => [
    s.id,
    style.status(s.status),
    String(s.attempts),
    s.checkpoint?.commit?.slice(0, SHORT_SHA) ?? '',
    gatesCell(s, style),
    tokensCell(s.usage),
    s.usage?.cost_usd === undefined ? '' : formatUsd(s.usage.cost_usd),
    clip(titles.get(s.id) ?? '', TITLE_WIDTH),
    clip(noteOf(s), NOTE_WIDTH),
  ]);
  return table(
    ['STEP', 'STATUS', 'ATTEMPTS', 'COMMIT', 'GATES', 'TOKENS', 'COST', 'TITLE', 'NOTE'],
    rows,
    style,
  );
}

function tokensCell(usage: Usage | undefined): string {
  const tokens = tokensOf(usage);
  return tokens === undefined ? '' : String(tokens);
}

/**
 * Columns padded to their widest cell (in terminal cells); trailing empty columns are dropped so
 * lines stay short. The header is bold on a colour terminal.
 */
export function table(header: string[], rows: string[][], style: Style = PLAIN): string {
  const all = [header.map((h) => style.paint('strong', h)), ...rows];
  const used = header.map((_, c) => rows.some((r) => (r[c] ?? '') !== ''));
  const keep = header.map((_, c) => c).filter((c) => used[c] || c === 0);
  const widths = keep.map((c) => Math.max(...all.map((r) => stringWidth(r[c] ?? ''))));
  return all
    .map((r) =>
      keep
        .map((c, k) => (k === keep.length - 1 ? (r[c] ?? '') : pad(r[c] ?? '', widths[k] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** What a person can do now: steps no command runs, and gates that wait on someone. */
export function nextSteps(mol: Molecule, proto: Proto): string[] {
  const defs = new Map(proto.steps.map((s) => [s.id, s]));
  const lines: string[] = [];
  for (const step of mol.steps) {
    const def = defs.get(step.id);
    if (step.status === 'ready' && !runsUnattended(def)) {
      const who = def?.type === 'human' ? 'a person' : 'a person or an agent';
      lines.push(`${step.id} waits for ${who}: mol done ${mol.id} ${step.id} [note]`);
    } else if (step.status === 'awaiting_gate') {
      const waiting = (step.gates ?? []).filter((g) => g.passed === null);
      if (waiting.some((g) => g.type === 'approval'))
        lines.push(`${step.id} waits for approval: mol approve ${mol.id} ${step.id}`);
      else
        lines.push(`${step.id} waits for its gates: ${waiting.map((g) => g.detail).join('; ') || 'pending'}`);
    } else if (step.status === 'failed' && mol.status === 'failed') {
      lines.push(`${step.id} failed: mol retry ${mol.id} ${step.id}, or mol skip ${mol.id} ${step.id}`);
    }
  }
  if (mol.budgetStop !== undefined) {
    lines.unshift(
      `paused for its budget (${mol.budgetStop.message.split('; its work')[0]}): raise it with mol budget ${mol.id} <limit>=<amount>, or for the step mol budget ${mol.id} <limit>=<amount> --step ${mol.budgetStop.step}`,
    );
  }
  if (mol.steps.some((s) => s.status === 'in_progress') && lines.length === 0) {
    lines.push(`steps are in progress elsewhere; if their runner died: mol resume ${mol.id}`);
  }
  return lines;
}

/** `command ✓, files ✗` on a terminal; piped, `command passed, files failed`. */
function gatesCell(step: StepState, style: Style): string {
  const mark = style.symbols ? { waiting: '…', passed: '✓', failed: '✗' } : undefined;
  return (step.gates ?? [])
    .map((g) => {
      const result = g.passed === null ? 'waiting' : g.passed ? 'passed' : 'failed';
      return `${g.type} ${mark?.[result] ?? result}`;
    })
    .join(', ');
}

function noteOf(step: StepState): string {
  if (step.status === 'failed' || step.status === 'blocked' || step.error !== undefined)
    return step.error ?? '';
  if (step.note !== undefined) return step.note;
  return step.checkpoint?.notes ?? '';
}

/** One line at most `width` cells wide, cut between characters (never inside an emoji) with `…`. */
function clip(text: string, width: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (stringWidth(line) <= width) return line;
  let kept = '';
  let used = 0;
  for (const { segment } of GRAPHEMES.segment(line)) {
    const w = stringWidth(segment);
    if (used + w > width - 1) break;
    kept += segment;
    used += w;
  }
  return `${kept}…`;
}

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

/** What `mol run`, `mol resume` and `mol status` end with: the headline, the table, what is next. */
export function report(mol: Molecule, proto: Proto, style: Style = PLAIN): string {
  const next = nextSteps(mol, proto);
  const usage = usageLine(mol, proto);
  const parts = [
    usage === undefined ? headline(mol, style) : `${headline(mol, style)}\n${usage}`,
    stepTable(mol, proto, style),
  ];
  if (next.length > 0) parts.push([style.paint('strong', 'next:'), ...next.map((l) => `  ${l}`)].join('\n'));
  return parts.join('\n\n');
}
