import { removeMoleculeWork } from '../../local/local-effects.js';
import { carryOutLocally } from '../../shell/carry-out-locally.js';
import { changeMolecule } from '../../shell/change-molecule.js';
import { EXIT } from '../io.js';
import { loadMolecule } from '../load-molecule.js';
import { STORE } from '../options.js';
import { whoAmI } from '../pour-molecule.js';
import { contextFor, failWith, MOL_ARG } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';

export const burn = defineVerb({
  name: 'burn',
  summary: 'discard a molecule, its branches and worktrees (--force if in progress)',
  args: [MOL_ARG],
  options: [{ name: 'force', short: 'f', meaning: 'burn it even while it is in progress' }, STORE],
  examples: ['mol burn hello-1a2b3c --force'],
  run: burnCommand,
});

/**
 * Discards a molecule with no record: its state, its branches (`molecular/<id>/*`) and its
 * worktrees. A molecule still in progress is refused unless --force says so.
 */
async function burnCommand({ io, values, positionals }: VerbCall): Promise<number> {
  const [molId = ''] = positionals;
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const loaded = await loadMolecule(ctx.value, molId);
  if (!loaded.ok) return failWith(io, loaded.error);
  const { proto } = loaded.value;
  const applied = await changeMolecule(
    ctx.value.store,
    proto,
    molId,
    { type: 'burn', by: whoAmI(io.env), force: values.force === true },
    ctx.value.io.now(),
  );
  if (!applied.ok) return failWith(io, applied.error);
  const carried = await carryOutLocally(ctx.value, applied.value.mol, proto, applied.value.effects, {
    notices: true,
  });
  if (!carried.ok) return failWith(io, carried.error);
  // The engine names only branches recorded in state; a crash can leave others behind.
  const removed = await removeMoleculeWork(ctx.value, molId);
  if (!removed.ok) return failWith(io, removed.error);
  io.out(`burned ${molId}`);
  return EXIT.ok;
}
