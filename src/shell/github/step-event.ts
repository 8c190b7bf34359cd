/**
 * Applying one event to one molecule named by id (check run buttons, step reports, finished
 * workflow runs, patrol): change it and carry out the effects. The id names the issue its state
 * comment is on, so this costs no search.
 */

import { err, type Molecule, type MoleculeStore, ok, type Proto, type Result } from '../../engine/index.js';
import {
  type Change,
  type CommandMarker,
  changeMolecule,
  type EventPlan,
  NEEDS_PROTO,
} from '../change-molecule.js';
import type { EffectsOutcome } from '../effect-handlers.js';
import type { GitHubContext } from './github-context.js';
import { carryOutOnGitHub } from './github-effects.js';
import { cachedProto, loadProto } from './repo-proto.js';

export interface Applied {
  change: Change;
  proto: Proto;
  outcome?: EffectsOutcome;
}

/**
 * Calls: the store's mutate (read, write, re-read) when this process already cooked the
 * molecule's formula; one read more the first time (the pins are read between the two).
 */
export async function applyToMolecule(
  ctx: GitHubContext,
  store: MoleculeStore,
  molId: string,
  event: EventPlan,
  marker?: CommandMarker,
): Promise<Result<Applied>> {
  let proto: Proto | undefined;
  const first: { mol?: Molecule } = {};
  let change = await changeMolecule(
    store,
    (mol) => (proto = cachedProto(ctx, mol)),
    molId,
    event,
    ctx.now(),
    marker,
    first,
  );
  if (!change.ok && change.error.code === NEEDS_PROTO && first.mol) {
    const loaded = await loadProto(ctx, first.mol);
    if (!loaded.ok) return loaded;
    proto = loaded.value;
    change = await changeMolecule(store, loaded.value, molId, event, ctx.now(), marker);
  }
  if (!change.ok) return change;
  if (!proto) return err('no-proto', `molecule ${molId}: its formula could not be found`);
  if (!change.value.changed) return ok({ change: change.value, proto });
  const outcome = await carryOutOnGitHub(ctx, store, change.value.mol, proto, change.value.effects);
  return ok({ change: change.value, proto, outcome });
}
