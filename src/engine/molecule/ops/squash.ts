/**
 * Squash: the molecule becomes an archive record (its summary, outcome and metrics) and the
 * branches its distributed steps pushed are deleted. The summary is the one given, else the
 * formula's `[squash] template` with {{title}}, {{completed}}, {{total}}, {{duration}},
 * {{outcome}}, else a default line.
 */
import { moleculeUsage } from '../../budget/usage.js';
import { formatDuration } from '../../duration.js';
import { ok, type Result } from '../../errors.js';
import type { ArchiveRecord, Molecule } from '../molecule-schema.js';
import type { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';

type Outcome = ArchiveRecord['outcome'];

export function squash(d: Draft, e: Extract<MoleculeEvent, { type: 'squash' }>): Result<void> {
  const outcome = d.status as Outcome;
  const mol = d.base;
  const durationMs = d.now.getTime() - Date.parse(mol.createdAt);
  const summary = e.summary ?? templatedSummary(d.proto.squash?.template, mol, outcome, durationMs);
  const attempts = mol.steps.reduce((n, s) => n + s.attempts, 0);
  const record: ArchiveRecord = {
    v: 1,
    id: mol.id,
    title: mol.title,
    formula: mol.formula,
    vars: mol.vars,
    subject: mol.subject,
    outcome,
    summary,
    steps: mol.steps.map((s) => ({
      id: s.id,
      status: s.status,
      attempts: s.attempts,
      ...(s.checkpoint?.commit === undefined ? {} : { commit: s.checkpoint.commit }),
    })),
    metrics: {
      durationMs,
      attempts,
      retries: mol.steps.reduce((n, s) => n + Math.max(0, s.attempts - 1), 0),
      loops: mol.steps.reduce((n, s) => n + s.loops, 0),
      ...(mol.steps.some((s) => s.usage !== undefined) ? { usage: moleculeUsage(mol.steps) } : {}),
    },
    createdAt: mol.createdAt,
    squashedAt: d.at,
  };
  d.set('summary', summary);
  d.moveMolecule(
    outcome === 'complete' || outcome === 'failed' ? 'squash' : 'squash-unfinished',
    'squashed',
    {
      by: e.by,
      note: summary,
    },
  );
  d.emit({ type: 'archive', record });
  deleteBranches(d, mol);
  return ok(undefined);
}

export function templatedSummary(
  template: string | undefined,
  mol: Molecule,
  outcome: Outcome,
  durationMs: number,
): string {
  const completed = mol.steps.filter((s) => s.status === 'completed').length;
  const values: Record<string, string> = {
    title: mol.title,
    completed: String(completed),
    total: String(mol.steps.length),
    duration: formatDuration(durationMs),
    outcome,
  };
  if (template === undefined || template.trim() === '') {
    return `${mol.title}: ${completed} of ${mol.steps.length} steps completed in ${values.duration} (${outcome})`;
  }
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Branches only distributed molecules own; a local molecule's branch is the user's. */
export function deleteBranches(d: Draft, mol: Molecule): void {
  if (mol.execution !== 'distributed') return;
  const branches = [...new Set(mol.steps.flatMap((s) => (s.branch === undefined ? [] : [s.branch])))];
  if (branches.length > 0) d.emit({ type: 'delete-branches', branches });
}
