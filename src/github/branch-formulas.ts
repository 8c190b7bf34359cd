/**
 * Formulas come from the default branch only: a pull request, and above all one from
 * a fork, must never choose the steps or `run` commands a molecule executes. Each file is read
 * with its git blob sha, which pins the molecule to that version.
 */
import { err, ok, type Result } from '../engine/index.js';
import { type GitHubClient, httpStatus, type RepoRef, repoSlug } from './client.js';
import { readRepoFile } from './repo-file.js';

export const DEFAULT_FORMULAS_PATH = '.github/formulas';
export const FORMULA_SUFFIXES = ['.formula.toml', '.formula.json'] as const;

export interface FormulaFile {
  name: string;
  path: string;
  /** The git blob sha: pin it in the molecule, re-read it with `loadBlob`. */
  sha: string;
  text: string;
  format: 'toml' | 'json';
}

export interface FormulaLocation {
  /** The repository's default branch; `defaultBranchOf` finds it when the caller does not know it. */
  defaultBranch: string;
  formulasPath?: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function checkFormulaName(name: string): Result<string> {
  if (!NAME.test(name) || name.includes('..')) {
    return err(
      'invalid-formula-name',
      `"${name}" is not a formula name: use letters, digits, ".", "_" and "-"`,
    );
  }
  return ok(name);
}

const defaultBranches = new Map<string, string>();

/** The repository's default branch (1 call the first time per process, none after). */
export async function defaultBranchOf(octokit: GitHubClient, repo: RepoRef): Promise<string> {
  const key = repoSlug(repo).toLowerCase();
  const known = defaultBranches.get(key);
  if (known) return known;
  const { data } = await octokit.request('GET /repos/{owner}/{repo}', { ...repo });
  defaultBranches.set(key, data.default_branch);
  return data.default_branch;
}

/**
 * `<formulasPath>/<name>.formula.toml`, else `.formula.json`, on the default branch: 1 call, 2
 * for a JSON formula or none at all (`unknown-formula`).
 */
export async function loadFormula(
  octokit: GitHubClient,
  repo: RepoRef,
  name: string,
  where: FormulaLocation,
): Promise<Result<FormulaFile>> {
  const checked = checkFormulaName(name);
  if (!checked.ok) return checked;
  const dir = where.formulasPath ?? DEFAULT_FORMULAS_PATH;
  for (const suffix of FORMULA_SUFFIXES) {
    const path = `${dir}/${name}${suffix}`;
    const file = await readRepoFile(octokit, repo, path, where.defaultBranch);
    if (!file.ok) return file;
    if (file.value) {
      return ok({
        name,
        path,
        sha: file.value.sha,
        text: file.value.text,
        format: suffix.endsWith('json') ? 'json' : 'toml',
      });
    }
  }
  return err('unknown-formula', `there is no formula "${name}" in ${dir} on ${where.defaultBranch}`);
}

export interface FormulaEntry {
  name: string;
  path: string;
  sha: string;
  format: 'toml' | 'json';
}

/** Every formula file in the folder on the default branch, by name (1 call; none when absent). */
export async function listFormulas(
  octokit: GitHubClient,
  repo: RepoRef,
  where: FormulaLocation,
): Promise<Map<string, FormulaEntry>> {
  const dir = where.formulasPath ?? DEFAULT_FORMULAS_PATH;
  let data: unknown;
  try {
    ({ data } = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
      ...repo,
      path: dir,
      ref: where.defaultBranch,
    }));
  } catch (error) {
    if (httpStatus(error) === 404) return new Map();
    throw error;
  }
  const entries = new Map<string, FormulaEntry>();
  if (!Array.isArray(data)) return entries;
  // TOML wins over JSON for the same name, as `loadFormula` looks for it first; Gas City's plain
  // `<name>.toml` comes last.
  for (const suffix of ['.toml', ...[...FORMULA_SUFFIXES].reverse()]) {
    for (const item of data as Array<{ name: string; path: string; sha: string; type: string }>) {
      if (item.type !== 'file' || !item.name.endsWith(suffix)) continue;
      const name = item.name.slice(0, -suffix.length);
      if (suffix === '.toml' && name.endsWith('.formula')) continue;
      entries.set(name, {
        name,
        path: item.path,
        sha: item.sha,
        format: suffix.endsWith('json') ? 'json' : 'toml',
      });
    }
  }
  return entries;
}
