/**
 * The formula a pour asks for, from the default branch only (DESIGN §9) and pinned by blob sha.
 * The common case — one TOML file that pulls in no other formula — costs one call (the contents
 * API returns the text and the blob sha together); JSON formulas, formulas that extend or compose
 * others, and built-ins go through the adapter's full library load (folder listing, blobs).
 */
import { err, ok, type Result } from '../engine/errors.js';
import { parseFormula } from '../engine/formula/parse-formula.js';
import {
  GitHubFormulaLibrary,
  type LoadedFormula,
  loadFormulaLibrary,
  referencedFormulas,
} from '../github/formula-library.js';
import { checkFormulaName } from '../github/formula-source.js';
import { readRepoFile } from '../github/repo-file.js';
import { builtinNames, packageBuiltins } from './builtin-formulas.js';
import { defaultBranch } from './default-branch.js';
import type { HandlerContext } from './handler-context.js';

export async function loadPourFormula(ctx: HandlerContext, name: string): Promise<Result<LoadedFormula>> {
  const checked = checkFormulaName(name);
  if (!checked.ok) return checked;
  const branch = await defaultBranch(ctx);
  const dir = ctx.config.formulas_path;
  const path = `${dir}/${name}.formula.toml`;
  const file = await readRepoFile(ctx.octokit, ctx.repo, path, branch);
  if (!file.ok) return file;
  if (file.value) {
    const parsed = parseFormula(file.value.text, path, 'toml');
    if (!parsed.ok) return parsed;
    if (referencedFormulas(parsed.value).length === 0) {
      const pin = { path, blobSha: file.value.sha };
      return ok({
        root: parsed.value,
        ref: { name, source: pin },
        library: new GitHubFormulaLibrary(new Map([[name, { parsed: parsed.value, pin }]])),
      });
    }
  }
  const loaded = await loadFormulaLibrary(ctx.octokit, ctx.repo, name, {
    defaultBranch: branch,
    formulasPath: dir,
    builtin: ctx.builtin ?? packageBuiltins,
  });
  if (!loaded.ok && loaded.error.code === 'unknown-formula') {
    const builtins = ctx.builtin ? [] : builtinNames();
    const known = builtins.length > 0 ? `; the built-ins are ${builtins.join(', ')}` : '';
    return err('unknown-formula', `${loaded.error.message}${known}. Add ${path} on ${branch} to pour it.`);
  }
  return loaded;
}
