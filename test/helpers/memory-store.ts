/**
 * An in-memory MoleculeStore for engine and manager tests. It keeps JSON (so callers can never
 * share objects with it), validates every write against the schema (an engine bug that produces
 * invalid state fails the test that caused it), refuses a write that skips a rev, and turns
 * squashed molecules into archive records and burned ones into nothing, as real stores do.
 */
import { err, ok, type Result } from '../../src/engine/errors.js';
import {
  type ArchiveRecord,
  type Molecule,
  MoleculeSchema,
} from '../../src/engine/molecule/molecule-schema.js';
import type { ListFilter, MoleculeStore, Mutation, Mutator } from '../../src/engine/molecule/store.js';

export class MemoryStore implements MoleculeStore {
  private readonly mols = new Map<string, string>();
  private readonly archives = new Map<string, ArchiveRecord>();
  /** Writes that reached the store (no-op mutations do not count). */
  writes = 0;

  async create(mol: Molecule): Promise<Result<Molecule>> {
    if (this.mols.has(mol.id) || this.archives.has(mol.id))
      return err('exists', `molecule "${mol.id}" already exists`);
    const valid = MoleculeSchema.parse(mol);
    this.mols.set(mol.id, JSON.stringify(valid));
    this.writes++;
    return ok(structuredClone(valid));
  }

  async load(id: string): Promise<Result<Molecule | undefined>> {
    const json = this.mols.get(id);
    return ok(json === undefined ? undefined : (JSON.parse(json) as Molecule));
  }

  async mutate(id: string, fn: Mutator): Promise<Result<Mutation>> {
    const json = this.mols.get(id);
    if (json === undefined) return err('not-found', `there is no molecule "${id}"`);
    const current = JSON.parse(json) as Molecule;
    const result = fn(current);
    if (!result.ok) return result;
    const { mol, effects } = result.value;
    if (mol.rev === current.rev) return ok({ mol: current, effects });
    if (mol.rev !== current.rev + 1)
      return err(
        'conflict',
        `molecule "${id}" is at rev ${current.rev}; a write of rev ${mol.rev} was refused`,
      );
    const valid = MoleculeSchema.parse(mol);
    this.writes++;
    if (valid.status === 'squashed') {
      const archive = effects.find((e) => e.type === 'archive');
      if (archive?.type === 'archive') this.archives.set(id, archive.record);
      this.mols.delete(id);
    } else if (valid.status === 'burned') {
      this.mols.delete(id);
    } else {
      this.mols.set(id, JSON.stringify(valid));
    }
    return ok({ mol: structuredClone(valid), effects });
  }

  async list(filter: ListFilter = {}): Promise<Result<Molecule[]>> {
    const all = [...this.mols.values()].map((json) => JSON.parse(json) as Molecule);
    return ok(
      all.filter(
        (m) =>
          (!filter.status || filter.status.includes(m.status)) && (!filter.kind || filter.kind === m.kind),
      ),
    );
  }

  async loadArchive(id: string): Promise<Result<ArchiveRecord | undefined>> {
    return ok(this.archives.get(id));
  }
}
