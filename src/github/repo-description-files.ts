/**
 * Gas City's `description_file` on GitHub: each file a formula names is read from the same
 * branch as the formula, relative to the formula file's folder, and pinned by its blob sha under
 * `description_file:<formula>:<file>`, so re-cooking the molecule's pins gives the same text.
 * A name that would leave the repository (absolute, or `..` past its root) is refused: the
 * contents API would otherwise be asked for a path the formula author never meant.
 */
import { posix } from 'node:path';
import {
  type BlobPin,
  descriptionFilePin,
  descriptionFilePlace,
  descriptionFilesOf,
  err,
  ok,
  type ParsedFormula,
  type Result,
  withDescriptionFiles,
} from '../engine/index.js';
import type { GitHubClient, RepoRef } from './client.js';
import { readRepoFile } from './repo-file.js';

export interface DescribedFormula {
  parsed: ParsedFormula;
  /** The description files read, by their pin key. */
  pins: Record<string, BlobPin>;
}

/** The repository path of `file` named by the formula at `formulaPath`, or undefined when it leaves the repository. */
export function descriptionFilePath(formulaPath: string, file: string): string | undefined {
  if (posix.isAbsolute(file) || /^[A-Za-z]:|^\\/.test(file)) return undefined;
  const joined = posix.normalize(posix.join(posix.dirname(formulaPath), file));
  if (joined === '..' || joined.startsWith('..') || joined === '.') return undefined;
  return joined;
}

/** The formula with its description files read from `ref` (1 call per file), and their pins. */
export async function readDescriptionFiles(
  octokit: GitHubClient,
  repo: RepoRef,
  name: string,
  formula: ParsedFormula,
  formulaPath: string,
  ref: string,
): Promise<Result<DescribedFormula>> {
  const files = descriptionFilesOf(formula);
  if (files.length === 0) return ok({ parsed: formula, pins: {} });
  const texts = new Map<string, string>();
  const pins: Record<string, BlobPin> = {};
  for (const file of files) {
    const path = descriptionFilePath(formulaPath, file);
    if (path === undefined) {
      return err(
        'description-file',
        `description_file "${file}" leaves the repository: name a file relative to ${formulaPath}, without ".." past the repository root`,
        descriptionFilePlace(formula, file),
      );
    }
    const read = await readRepoFile(octokit, repo, path, ref);
    if (!read.ok) return read;
    if (read.value === undefined) continue; // withDescriptionFiles names it at its key
    texts.set(file, read.value.text);
    pins[descriptionFilePin(name, file)] = { path, blobSha: read.value.sha };
  }
  const described = withDescriptionFiles(formula, texts);
  return described.ok ? ok({ parsed: described.value, pins }) : described;
}
