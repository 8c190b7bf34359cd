/**
 * A running molecule's proto in a job: its pinned formula re-read by blob sha (DESIGN §4) and
 * cooked again with its vars. A step job has the repository checked out, so `git cat-file` finds
 * the blob without an API call; a blob the checkout lacks (a shallow clone, a patrol job without
 * a checkout) comes from the API, once per process (loadBlob caches by sha).
 */
import { cook } from '../engine/cook/cook.js';
import type { Proto } from '../engine/cook/proto.js';
import { err, ok, type Result } from '../engine/errors.js';
import { parseFormula } from '../engine/formula/parse-formula.js';
import type { ParsedFormula } from '../engine/formula/parsed-formula.js';
import type { BlobPin, Molecule } from '../engine/molecule/molecule-schema.js';
import { adhocProto } from '../engine/molecule/ops/adhoc-proto.js';
import type { GitHubClient, RepoRef } from '../github/client.js';
import { loadBlob } from '../github/repo-file.js';
import { git } from '../runner/git.js';
import { packageBuiltins } from '../webhooks/builtin-formulas.js';

export type BlobReader = (pin: BlobPin) => Promise<Result<string>>;

/** The checkout's object database first (no API call), then the API. */
export function checkoutBlobReader(
  workspace: string | undefined,
  octokit: GitHubClient,
  repo: RepoRef,
): BlobReader {
  return async (pin) => {
    if (workspace !== undefined) {
      const local = await git(workspace, ['cat-file', 'blob', pin.blobSha], { okCodes: [0, 1, 128] });
      if (local.ok && local.value.code === 0) return ok(local.value.stdout);
    }
    return loadBlob(octokit, repo, pin.blobSha);
  };
}

const cooked = new Map<string, Proto>();

export async function loadMoleculeProto(mol: Molecule, readBlob: BlobReader): Promise<Result<Proto>> {
  const key = JSON.stringify([mol.formula, mol.vars]);
  const known = cooked.get(key);
  if (known) return ok(known);
  const { source } = mol.formula;
  if (typeof source === 'object' && 'inline' in source) {
    const adhoc = adhocProto(source.inline);
    if (adhoc.ok) return adhoc;
  }
  const main = await readPinned(mol.formula.name, source, readBlob);
  if (!main.ok) return main;
  const library = new Map<string, ParsedFormula>();
  for (const [name, pin] of Object.entries(mol.formula.pins ?? {})) {
    const parsed = await readPinned(name, pin, readBlob);
    if (!parsed.ok) return parsed;
    library.set(name, parsed.value);
  }
  const overlays: ParsedFormula[] = [];
  for (const pin of mol.formula.overlays ?? []) {
    const parsed = await readPinned(pin.path, pin, readBlob);
    if (!parsed.ok) return parsed;
    overlays.push(parsed.value);
  }
  const result = cook(main.value, {
    vars: mol.vars,
    library: { get: (name) => library.get(name) },
    overlays,
  });
  if (!result.ok) {
    return err(
      'formula-unloadable',
      `molecule ${mol.id}: its pinned formula "${mol.formula.name}" no longer cooks: ${result.error.message}`,
    );
  }
  cooked.set(key, result.value.proto);
  return ok(result.value.proto);
}

async function readPinned(
  name: string,
  pin: Molecule['formula']['source'],
  readBlob: BlobReader,
): Promise<Result<ParsedFormula>> {
  if (typeof pin === 'string') {
    const found = packageBuiltins(name);
    if (found) return parseFormula(found.text, found.file);
    return err(
      'formula-unloadable',
      `the built-in formula "${name}" (${pin}) is not in this version of Molecular`,
    );
  }
  if ('inline' in pin) return parseFormula(JSON.stringify(pin.inline), `${name} (inline)`, 'json');
  const text = await readBlob(pin);
  if (!text.ok) return text;
  return parseFormula(text.value, pin.path);
}
