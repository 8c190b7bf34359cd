import { carryOutLocally } from '../../shell/carry-out-locally.js';
import { changeMolecule } from '../../shell/change-molecule.js';
import { JSON_OPTION, parse } from '../args.js';
import { STORE_OPTION } from '../cli-context.js';
import { type CliIO, EXIT } from '../io.js';
import { loadMolecule } from '../load-molecule.js';
import { whoAmI } from '../pour-molecule.js';
import { contextFor, failWith } from '../verb.js';
import { usageError } from './cook.js';

export const usage = 'mol squash <mol-id> [--summary text] [--json]';

/**
 * Archives a finished molecule as a record (`<id>.archive.json`: summary, outcome, metrics) and
 * deletes the branches its distributed steps made. Unfinished work is archived only with a summary.
 */
export async function squashCommand(io: CliIO, argv: string[]): Promise<number> {
  const args = parse(argv, { ...JSON_OPTION, ...STORE_OPTION, summary: { type: 'string', short: 'm' } });
  if (!args.ok) return usageError(io, args.error.message, usage);
  const [molId, ...extra] = args.value.positionals;
  if (!molId) return usageError(io, 'which molecule?', usage);
  if (extra.length > 0)
    return usageError(io, `unexpected argument "${extra[0]}" (give a summary with --summary "…")`, usage);
  const ctx = await contextFor(io, args.value.values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const loaded = await loadMolecule(ctx.value, molId);
  if (!loaded.ok) return failWith(io, loaded.error);
  const summary = args.value.values.summary as string | undefined;
  const applied = await changeMolecule(
    ctx.value.store,
    loaded.value.proto,
    molId,
    {
      type: 'squash',
      by: whoAmI(io.env),
      ...(summary === undefined ? {} : { summary }),
    },
    ctx.value.io.now(),
  );
  if (!applied.ok) {
    const hint = applied.error.message.replace('/mol squash <summary>', `mol squash ${molId} --summary "…"`);
    return failWith(io, { ...applied.error, message: hint });
  }
  const carried = await carryOutLocally(
    ctx.value,
    applied.value.mol,
    loaded.value.proto,
    applied.value.effects,
    {
      notices: true,
    },
  );
  if (!carried.ok) return failWith(io, carried.error);
  const record = await ctx.value.store.loadArchive(molId);
  if (!record.ok) return failWith(io, record.error);
  if (args.value.values.json) io.out(JSON.stringify(record.value, null, 2));
  else io.out(`squashed ${molId}: ${record.value?.summary ?? applied.value.mol.summary ?? ''}`);
  return EXIT.ok;
}
