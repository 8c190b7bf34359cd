/**
 * `mol __complete -- <words>`: what the completion scripts call on each Tab. Hidden from help. It
 * never fails loudly: outside a repository or with a broken store there is simply less to offer.
 */
import { LIVE_STATUS_LIST } from '../../engine/index.js';
import { FormulaCatalog } from '../../local/formulas/catalog.js';
import { openContext } from '../cli-context.js';
import { candidates, type Lookups } from '../completion/candidates.js';
import { type CliIO, EXIT } from '../io.js';
import { gitTopLevel } from '../repo.js';
import { defineVerb } from '../verb-spec.js';

export const complete = defineVerb({
  name: '__complete',
  summary: 'completion candidates for the words after mol, one a line (used by mol completion)',
  args: [{ name: 'word', variadic: true }],
  options: [],
  examples: [],
  hidden: true,
  async run({ io, positionals, verbs }) {
    const found = await candidates(positionals.length > 0 ? positionals : [''], verbs, storeLookups(io));
    for (const word of found.words) io.out(word);
    if (found.files !== undefined) io.out(`:${found.files}`);
    return EXIT.ok;
  },
});

function storeLookups(io: CliIO): Lookups {
  return {
    async molecules(store) {
      const ctx = await openContext(io, store);
      if (!ctx.ok) return [];
      // Live ones first: those are what the step verbs are for.
      const scanned = await ctx.value.store.scan();
      if (!scanned.ok) return [];
      const live = new Set<string>(LIVE_STATUS_LIST);
      const mols = [...scanned.value.molecules].sort(
        (a, b) =>
          Number(live.has(b.status)) - Number(live.has(a.status)) || b.updatedAt.localeCompare(a.updatedAt),
      );
      return mols.map((m) => m.id);
    },
    async steps(molId, store) {
      const ctx = await openContext(io, store);
      if (!ctx.ok) return [];
      const loaded = await ctx.value.store.load(molId).catch(() => undefined);
      return loaded?.ok && loaded.value !== undefined ? loaded.value.steps.map((s) => s.id) : [];
    },
    formulas: () => FormulaCatalog.forRepo(gitTopLevel(io.cwd)).names(),
  };
}
