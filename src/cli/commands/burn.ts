import { removeMoleculeWork } from '../../local/local-effects.js';
import { carryOutLocally } from '../../shell/carry-out-locally.js';
import { changeMolecule } from '../../shell/change-molecule.js';
import { parse } from '../args.js';
import { STORE_OPTION } from '../cli-context.js';
import { type CliIO, EXIT } from '../io.js';
import { loadMolecule } from '../load-molecule.js';
import { whoAmI } from '../pour-molecule.js';
import { contextFor, failWith } from '../verb.js';
import { usageError } from './cook.js';

export const usage = 'mol burn <mol-id> [--force]';

/**
 * Discards a molecule with no record: its state, its branches (`molecular/<id>/*`) and its
 * worktrees. A molecule still in progress is refused unless --force says so.
 */
export async function burnCommand(io: CliIO, argv: string[]): Promise<number> {
  const args = parse(argv, { ...STORE_OPTION, force: { type: 'boolean', short: 'f' } });
  if (!args.ok) return usageError(io, args.error.message, usage);
  const [molId, ...extra] = args.value.positionals;
  if (!molId) return usageError(io, 'which molecule?', usage);
  if (extra.length > 0) return usageError(io, `unexpected argument "${extra[0]}"`, usage);
  const ctx = await contextFor(io, args.value.values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const loaded = await loadMolecule(ctx.value, molId);
  if (!loaded.ok) return failWith(io, loaded.error);
  const { proto } = loaded.value;
  const applied = await changeMolecule(
    ctx.value.store,
    proto,
    molId,
    { type: 'burn', by: whoAmI(io.env), force: args.value.values.force === true },
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
