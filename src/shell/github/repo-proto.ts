/**
 * A handler's view of the shell's formulas: the repository's, on GitHub (a step job passes its
 * checkout first), with the built-ins behind, re-cooked through the one process-wide proto cache
 * with the repository's `default_retries`.
 */
import type { FormulaSource, Molecule, Proto, Result } from '../../engine/index.js';
import { githubFormulaSource } from '../../github/formula-library.js';
import { builtinNames, packageBuiltins } from '../../local/formulas/builtins.js';
import { cachedProto as cached, loadProto as recook } from '../formulas/load-proto.js';
import { defaultBranch } from './default-branch.js';
import type { GitHubContext } from './github-context.js';

export function formulaSource(ctx: GitHubContext): FormulaSource {
  return (
    ctx.formulas ??
    githubFormulaSource(ctx.octokit, ctx.repo, {
      defaultBranch: () => defaultBranch(ctx),
      formulasPath: ctx.config.formulas_path,
      searchPath: ctx.config.formula_search_path,
      builtin: ctx.builtin ?? packageBuiltins,
      builtinNames: ctx.builtin ? () => [] : builtinNames,
      ...(ctx.formulaFiles ? { read: ctx.formulaFiles } : {}),
    })
  );
}

export function loadProto(ctx: GitHubContext, mol: Molecule): Promise<Result<Proto>> {
  return recook(formulaSource(ctx), mol, { defaultRetries: ctx.config.default_retries });
}

/** The proto when this process already cooked it (no I/O). */
export function cachedProto(ctx: GitHubContext, mol: Molecule): Proto | undefined {
  return cached(formulaSource(ctx).scope, mol, { defaultRetries: ctx.config.default_retries });
}
