/**
 * A molecule of the local store with its proto: its pinned formula re-read from this repository's
 * object database and cooked again (the shell's loadProto), so a formula edited after the pour
 * never changes a running molecule.
 */
import { err, type Molecule, ok, type Proto, type Result } from '../engine/index.js';
import { localFormulaSource } from '../local/formulas/local-formula-source.js';
import { loadProto as recook } from '../shell/formulas/load-proto.js';
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

export function loadProto(repoDir: string, mol: Molecule): Promise<Result<Proto>> {
  return recook(localFormulaSource({ repoDir, cwd: repoDir }), mol);
}
