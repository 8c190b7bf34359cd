import { carryOutLocally } from '../../shell/carry-out-locally.js';
import { changeMolecule } from '../../shell/change-molecule.js';
import { EXIT } from '../io.js';
import { loadMolecule } from '../load-molecule.js';
import { json, STORE } from '../options.js';
import { whoAmI } from '../pour-molecule.js';
import { printJson } from '../print-json.js';
import { contextFor, failWith, MOL_ARG } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';

export const squash = defineVerb({
  name: 'squash',
  summary: 'archive a molecule as a summary record',
  args: [MOL_ARG],
  options: [
    {
      name: 'summary',
      short: 'm',
      value: 'text',
      meaning: "the archive's summary (needed when the molecule is unfinished)",
    },
    json('the archive record'),
    STORE,
  ],
  examples: ['mol squash hello-1a2b3c --summary "greeted everyone"'],
  run: squashCommand,
});

/**
 * Archives a finished molecule as a record (`<id>.archive.json`: summary, outcome, metrics) and
 * deletes the branches its distributed steps made. Unfinished work is archived only with a summary.
 */
async function squashCommand({ io, values, positionals }: VerbCall): Promise<number> {
  const [molId = ''] = positionals;
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const loaded = await loadMolecule(ctx.value, molId);
  if (!loaded.ok) return failWith(io, loaded.error);
  const summary = values.summary as string | undefined;
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
  if (values.json) return printJson(io, values.json, record.value);
  io.out(`squashed ${molId}: ${record.value?.summary ?? applied.value.mol.summary ?? ''}`);
  return EXIT.ok;
}
