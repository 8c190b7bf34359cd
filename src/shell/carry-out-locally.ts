/**
 * The CLI's way through the one effect loop: local handlers, and the first effect that could not
 * be done turned into the command's error (a terminal has no reply to list problems in).
 */
import {
  type Effect,
  err,
  type Molecule,
  type MoleculeStore,
  ok,
  type Proto,
  type Result,
} from '../engine/index.js';
import {
  type LocalEffectsOptions,
  type LocalEffectsScene,
  localEffectHandlers,
} from '../local/local-effects.js';
import { carryOut } from './carry-out.js';
import { pourNextRound } from './pour-next-round.js';

export async function carryOutLocally(
  scene: LocalEffectsScene & { store: MoleculeStore },
  mol: Molecule,
  proto: Proto,
  effects: readonly Effect[],
  options: LocalEffectsOptions = {},
): Promise<Result<Molecule>> {
  const out = await carryOut(
    { store: scene.store, proto, now: () => scene.io.now() },
    mol,
    effects,
    localEffectHandlers(scene, proto, options),
  );
  const [first, ...more] = out.problems;
  if (first !== undefined) return err('effect-failed', [first, ...more].join('\n'));
  // A patrol wisp that completed here is followed by its next round (engine `rewisp.ts`).
  const completed =
    effects.some((e) => e.type === 'molecule-status' && e.to === 'complete') ||
    (mol.status !== 'complete' && out.mol.status === 'complete');
  if (completed) {
    const next = await pourNextRound(scene, out.mol, proto);
    if (!next.ok)
      return err(
        'effect-failed',
        `${out.mol.id} completed, but the next round of its patrol could not be poured: ${next.error.message}`,
      );
  }
  return ok(out.mol);
}
