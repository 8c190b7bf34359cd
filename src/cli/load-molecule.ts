/**
 * A stored molecule holds no step definitions, only its pinned formula (DESIGN §4). This re-reads
 * the pinned bytes (`git cat-file blob <sha>`, or the built-in of that name) and cooks them again
 * with the molecule's bound vars, so a formula edited after the pour never changes a running
 * molecule. The same file, pins and vars give the same proto that was poured.
 */

import { cook } from '../engine/cook/cook.js';
import type { Proto } from '../engine/cook/proto.js';
import { err, type MolError, ok, type Result } from '../engine/errors.js';
import { parseFormula } from '../engine/formula/parse-formula.js';
import type { ParsedFormula } from '../engine/formula/parsed-formula.js';
import type { BlobPin, Molecule } from '../engine/molecule/molecule-schema.js';
import { adhocProto } from '../engine/molecule/ops/adhoc-proto.js';
import { builtinFormulaDir } from '../formulas/builtin-dir.js';
import { FormulaCatalog } from '../formulas/catalog.js';
import { git } from '../runner/git.js';
import type { CliContext } from './cli-context.js';

export interface LoadedMolecule {
  mol: Molecule;
  proto: Proto;
}

/** The molecule by id with its proto; an unknown id is an error that says so. */
export async function loadMolecule(ctx: CliContext, id: string): Promise<Result<LoadedMolecule>> {
  const loaded = await ctx.store.load(id);
  if (!loaded.ok) return loaded;
  if (loaded.value === undefined) {
    const archived = await ctx.store.loadArchive(id);
    const gone =
      archived.ok && archived.value !== undefined ? ' (it was squashed; its record stays in the store)' : '';
    return err('unknown-molecule', `there is no molecule "${id}"${gone}; \`mol list\` shows them`);
  }
  const proto = await loadProto(ctx.repoDir, loaded.value);
  if (!proto.ok) return proto;
  return ok({ mol: loaded.value, proto: proto.value });
}

export async function loadProto(repoDir: string, mol: Molecule): Promise<Result<Proto>> {
  const { source } = mol.formula;
  if (typeof source === 'object' && 'inline' in source) return inlineProto(mol, source.inline);
  const main = await readPinned(repoDir, mol.formula.name, source);
  if (!main.ok) return main;
  const library = new Map<string, ParsedFormula>();
  for (const [name, pin] of Object.entries(mol.formula.pins ?? {})) {
    const parsed = await readPinned(repoDir, name, pin);
    if (!parsed.ok) return parsed;
    library.set(name, parsed.value);
  }
  const overlays: ParsedFormula[] = [];
  for (const pin of mol.formula.overlays ?? []) {
    const parsed = await readPinned(repoDir, pin.path, pin);
    if (!parsed.ok) return parsed;
    overlays.push(parsed.value);
  }
  const cooked = cook(main.value, {
    vars: mol.vars,
    library: { get: (name) => library.get(name) },
    overlays,
  });
  if (!cooked.ok) return unloadable(mol, cooked.error);
  return ok(cooked.value.proto);
}

async function readPinned(
  repoDir: string,
  name: string,
  pin: BlobPin | string,
): Promise<Result<ParsedFormula>> {
  if (typeof pin === 'string') {
    const catalog = new FormulaCatalog([builtinFormulaDir()]);
    const parsed = catalog.get(name);
    if (parsed) return ok(parsed);
    const why = catalog.problems[0]?.message ?? 'this version of Molecular does not ship it';
    return err('formula-unloadable', `the built-in formula "${name}" (${pin}) cannot be loaded: ${why}`);
  }
  const blob = await git(repoDir, ['cat-file', 'blob', pin.blobSha]);
  if (!blob.ok) {
    return err(
      'formula-unloadable',
      `the pinned formula ${pin.path} (blob ${pin.blobSha.slice(0, 12)}) is not in the repository ${repoDir} any more`,
    );
  }
  return parseFormula(blob.value.stdout, pin.path);
}

/** Ad-hoc molecules (the manager's createMolecule) carry their steps; a full formula object is cooked. */
function inlineProto(mol: Molecule, inline: unknown): Result<Proto> {
  const adhoc = adhocProto(inline);
  if (adhoc.ok) return adhoc;
  const parsed = parseFormula(JSON.stringify(inline), `${mol.id}.inline.json`);
  if (!parsed.ok) return unloadable(mol, parsed.error);
  const cooked = cook(parsed.value, { vars: mol.vars });
  return cooked.ok ? ok(cooked.value.proto) : unloadable(mol, cooked.error);
}

function unloadable(mol: Molecule, error: MolError): Result<Proto> {
  return err(
    'formula-unloadable',
    `molecule "${mol.id}": its pinned formula no longer cooks: ${error.message}`,
  );
}
