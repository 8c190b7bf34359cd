/**
 * Burn discards a molecule without a record; evaporate is how a wisp's TTL ends it (refused for
 * molecules, and for wisps whose time has not come, so a stale patrol decision does nothing).
 */
import { err, ok, type Result } from '../../errors.js';
import type { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { deleteBranches } from './squash.js';

export function burn(d: Draft, e: Extract<MoleculeEvent, { type: 'burn' }>): Result<void> {
  const mol = d.base;
  if ((mol.status === 'in_progress' || mol.status === 'paused') && e.force !== true) {
    const active = mol.steps.filter((s) => s.status === 'in_progress' || s.status === 'awaiting_gate');
    const what = active.length > 0 ? ` (${active.map((s) => s.id).join(', ')} in progress)` : '';
    return err(
      'in-progress',
      `molecule "${mol.id}" is still ${mol.status.replace('_', ' ')}${what}; give --force to burn it anyway`,
    );
  }
  d.moveMolecule('burn', 'burned', { by: e.by });
  deleteBranches(d, d.base);
  return ok(undefined);
}

export function evaporate(d: Draft, _e: Extract<MoleculeEvent, { type: 'evaporate' }>): Result<void> {
  const mol = d.base;
  if (mol.kind !== 'wisp') return err('not-a-wisp', `molecule "${mol.id}" is not a wisp; burn it instead`);
  if (mol.expiresAt !== undefined && Date.parse(mol.expiresAt) > d.now.getTime()) {
    return err(
      'not-expired',
      `wisp "${mol.id}" expires at ${mol.expiresAt}; it cannot evaporate before then`,
    );
  }
  d.moveMolecule('evaporate', 'burned', { by: 'patrol', note: 'its time to live passed' });
  deleteBranches(d, mol);
  return ok(undefined);
}
