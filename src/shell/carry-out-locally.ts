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
  return ok(out.mol);
}
