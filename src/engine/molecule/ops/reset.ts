/**
 * Reset: a complete or failed molecule back to a fresh pour of the same proto, keeping its id,
 * subject and vars; its history is folded into one note on the reset entry. `force-reset` does
 * the same from any state that is not final and warns, since running work is abandoned.
 */

import type { Proto } from '../../cook/proto.js';
import { ok, type Result } from '../../errors.js';
import type { Effect } from '../effects.js';
import type { Molecule } from '../molecule-schema.js';
import { advance, settle } from '../scheduler.js';
import { labelChange } from '../status-labels.js';
import { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { freshSteps } from './fresh-steps.js';
import type { ProtoIndex } from './proto-index.js';
import { deleteBranches } from './squash.js';

type Reset = Extract<MoleculeEvent, { type: 'reset' | 'force-reset' }>;

export function reset(
  proto: Proto,
  index: ProtoIndex,
  mol: Molecule,
  e: Reset,
  now: Date,
): Result<{ mol: Molecule; effects: Effect[] }> {
  const at = now.toISOString();
  const { historyTrimmed: _trimmed, summary: _summary, ...kept } = mol;
  const fresh: Molecule = {
    ...kept,
    status: 'pending',
    steps: freshSteps(proto),
    history: [
      {
        at,
        event: e.type,
        from: mol.status,
        to: 'pending',
        ...(e.by === undefined ? {} : { by: e.by }),
        note: archivedNote(mol),
      },
    ],
  };
  const d = new Draft(proto, index, fresh, now);
  d.emit({ type: 'molecule-status', from: mol.status, to: 'pending' });
  const labels = labelChange(mol.status, 'pending');
  if (labels) d.emit({ type: 'labels', ...labels });
  deleteBranches(d, mol);
  if (e.type === 'force-reset') {
    const running = mol.steps
      .filter((s) => s.status === 'in_progress' || s.status === 'awaiting_gate')
      .map((s) => `"${s.id}"`);
    const abandoned = running.length > 0 ? `; work in progress on ${running.join(', ')} was abandoned` : '';
    d.emit({
      type: 'notice',
      level: 'warning',
      message: `molecule "${mol.id}" was force-reset from ${mol.status.replace('_', ' ')} by ${e.by}${abandoned}`,
    });
  }
  advance(d, fresh.steps.keys());
  settle(d);
  const built = d.build();
  return ok({ mol: { ...built.mol, rev: mol.rev + 1, updatedAt: at }, effects: built.effects });
}

/** The old history in one line: what the run did before it was reset. */
function archivedNote(mol: Molecule): string {
  const count = mol.history.length + (mol.historyTrimmed ?? 0);
  const first = mol.history[0]?.at ?? mol.createdAt;
  const last = mol.history.at(-1)?.at ?? mol.updatedAt;
  const failedStep = mol.steps.find((s) => s.status === 'failed');
  const why = failedStep
    ? `; step "${failedStep.id}" had failed: ${failedStep.error ?? 'no error recorded'}`
    : '';
  const done = mol.steps.filter((s) => s.status === 'completed').length;
  return `archived ${count} transitions from ${first} to ${last}; it was ${mol.status.replace('_', ' ')} with ${done} of ${mol.steps.length} steps completed${why}`;
}
