/**
 * The one effect interpreter: the engine decides, the face does. The state is already written
 * when this runs, so an effect that fails is reported back as a problem; it never undoes the
 * change. Gates are the one effect that feeds back: the face judges those it can, the results are
 * recorded through `changeMolecule`, and what that recording sets off is carried out in turn,
 * at most MAX_DEPTH deep (a gate result that leads to more gates cannot loop for ever).
 */

import type { Effect, MoleculeEvent, MoleculeStore, Proto } from '../engine/index.js';
import { changeMolecule } from './change-molecule.js';
import type { EffectHandlers, EffectsOutcome } from './effect-handlers.js';

export const MAX_DEPTH = 3;

export interface EffectScene {
  store: MoleculeStore;
  proto: Proto;
  now: () => Date;
}

export async function carryOut(
  scene: EffectScene,
  mol: EffectsOutcome['mol'],
  effects: readonly Effect[],
  handlers: EffectHandlers,
): Promise<EffectsOutcome> {
  const out: EffectsOutcome = { mol, notices: [], problems: [], dispatched: [] };
  await carry(scene, effects, handlers, out, 0);
  return out;
}

async function carry(
  scene: EffectScene,
  effects: readonly Effect[],
  handlers: EffectHandlers,
  out: EffectsOutcome,
  depth: number,
): Promise<void> {
  for (const effect of effects) {
    const mol = out.mol;
    try {
      if (effect.type === 'deliver') {
        const events = (await handlers.deliver?.(effect, mol, out)) ?? [];
        if (events.length > 0 && depth < MAX_DEPTH) await record(scene, events, handlers, out, depth);
        continue;
      }
      if (effect.type !== 'evaluate-gates') {
        await handlers.carry(effect, mol, effects, out);
        continue;
      }
      if (depth >= MAX_DEPTH) continue;
      const results = await handlers.judgeGates(mol, effect.step, effect.gates, out);
      const decided = results.filter((g) => g.passed !== null);
      if (decided.length === 0) continue;
      const change = await changeMolecule(
        scene.store,
        scene.proto,
        mol.id,
        { type: 'gates', step: effect.step, gates: results },
        scene.now(),
      );
      if (!change.ok) {
        out.problems.push(
          `the gate results of step "${effect.step}" could not be recorded: ${change.error.message}`,
        );
        continue;
      }
      out.mol = change.value.mol;
      handlers.gatesRecorded?.(effect.step, decided, out);
      await carry(scene, change.value.effects, handlers, out, depth + 1);
    } catch (error) {
      out.problems.push(
        `could not carry out ${effect.type}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/** Events a face reports back (a delivery): written like gate results, their effects carried out in turn. */
async function record(
  scene: EffectScene,
  events: MoleculeEvent[],
  handlers: EffectHandlers,
  out: EffectsOutcome,
  depth: number,
): Promise<void> {
  const change = await changeMolecule(scene.store, scene.proto, out.mol.id, events, scene.now());
  if (!change.ok) {
    out.problems.push(`the delivery of ${out.mol.id} could not be recorded: ${change.error.message}`);
    return;
  }
  out.mol = change.value.mol;
  await carry(scene, change.value.effects, handlers, out, depth + 1);
}
