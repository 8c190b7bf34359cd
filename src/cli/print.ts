/**
 * How molecules look in a terminal: a headline with the progress bar, a plain-text step table,
 * what a person is expected to do next, and the JSON shape of `--json` (the state plus each step's
 * title from the proto, and the progress counts).
 */

import type { Proto } from '../engine/cook/proto.js';
import type { Molecule, StepState } from '../engine/molecule/molecule-schema.js';
import { type Progress, progress } from '../engine/molecule/progress.js';
import { progressBar, settledSteps } from '../engine/render/progress-bar.js';
import { statusWords } from '../engine/render/status-emoji.js';

const SHORT_SHA = 7;
const TITLE_WIDTH = 40;
const NOTE_WIDTH = 60;

export type StepJson = StepState & { title: string };
export type MoleculeJson = Omit<Molecule, 'steps'> & { steps: StepJson[]; progress: Progress };

export function moleculeJson(mol: Molecule, proto?: Proto): MoleculeJson {
  const titles = new Map(proto?.steps.map((s) => [s.id, s.title]));
  return {
    ...mol,
    steps: mol.steps.map((s) => ({ ...s, title: titles.get(s.id) ?? s.id })),
    progress: progress(mol),
  };
}

export function headline(mol: Molecule): string {
  const kind = mol.kind === 'wisp' ? ' (wisp)' : '';
  return `${mol.id}${kind} · ${mol.formula.name} · ${statusWords(mol.status)} · ${progressBar(settledSteps(mol), mol.steps.length)}`;
}

export function stepTable(mol: Molecule, proto?: Proto): string {
  const titles = new Map(proto?.steps.map((s) => [s.id, s.title]));
  const rows = mol.steps.map((s) => [
    s.id,
    statusWords(s.status),
    String(s.attempts),
    s.checkpoint?.commit?.slice(0, SHORT_SHA) ?? '',
    gatesCell(s),
    clip(titles.get(s.id) ?? '', TITLE_WIDTH),
    clip(noteOf(s), NOTE_WIDTH),
  ]);
  return table(['STEP', 'STATUS', 'ATTEMPTS', 'COMMIT', 'GATES', 'TITLE', 'NOTE'], rows);
}

/** Columns padded to their widest cell; trailing empty columns are dropped so lines stay short. */
export function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const used = header.map((_, c) => rows.some((r) => (r[c] ?? '') !== ''));
  const keep = header.map((_, c) => c).filter((c) => used[c] || c === 0);
  const widths = keep.map((c) => Math.max(...all.map((r) => [...(r[c] ?? '')].length)));
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
    if (step.status === 'ready' && def?.run === undefined) {
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
  if (mol.steps.some((s) => s.status === 'in_progress') && lines.length === 0) {
    lines.push(`steps are in progress elsewhere; if their runner died: mol resume ${mol.id}`);
  }
  return lines;
}

function gatesCell(step: StepState): string {
  return (step.gates ?? [])
    .map((g) => `${g.type} ${g.passed === null ? '…' : g.passed ? '✓' : '✗'}`)
    .join(', ');
}

function noteOf(step: StepState): string {
  if (step.status === 'failed' || step.status === 'blocked' || step.error !== undefined)
    return step.error ?? '';
  if (step.note !== undefined) return step.note;
  return step.checkpoint?.notes ?? '';
}

function clip(text: string, width: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > width ? `${chars.slice(0, width - 1).join('')}…` : line;
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - [...text].length));
}

/** What `mol run`, `mol resume` and `mol status` end with: the headline, the table, what is next. */
export function report(mol: Molecule, proto: Proto): string {
  const next = nextSteps(mol, proto);
  const parts = [headline(mol), stepTable(mol, proto)];
  if (next.length > 0) parts.push(['next:', ...next.map((l) => `  ${l}`)].join('\n'));
  return parts.join('\n\n');
}
