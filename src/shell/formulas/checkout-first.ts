import type { FormulaSource } from '../../engine/index.js';
import { readGitBlob } from '../../local/formulas/local-formula-source.js';

/**
 * A step job has the repository checked out, so `git cat-file` finds a pinned blob without an API
 * call; a blob the checkout lacks (a shallow clone, a job without a checkout) comes from `source`.
 * The scope stays the repository's, so a proto cooked here is the one the handlers find cached.
 */
export function checkoutFirst(source: FormulaSource, workspace: string | undefined): FormulaSource {
  if (workspace === undefined) return source;
  return {
    ...source,
    readBlob: async (pin) => {
      const local = await readGitBlob(workspace, pin.blobSha);
      return local === undefined ? source.readBlob(pin) : { ok: true, value: local };
    },
  };
}
