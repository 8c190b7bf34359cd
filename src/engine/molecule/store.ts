/**
 * One store interface, two implementations (the local file store and the GitHub comment store),
 * one conformance suite both pass. All writes go through `mutate`: lock, read, verify, apply the
 * pure reducer, write, re-read, unlock.
 */

import type { MolError, Result } from '../errors.js';
import type { Effect } from './effects.js';
import type { ArchiveRecord, Molecule, MoleculeStatus } from './molecule-schema.js';

export interface Mutation {
  mol: Molecule;
  effects: Effect[];
}

/** The reducer a mutation applies; it must be pure (it may be called again after a conflict). */
export type Mutator = (current: Molecule) => Result<Mutation>;

export interface ListFilter {
  status?: MoleculeStatus[];
  kind?: 'mol' | 'wisp';
}

export interface MoleculeStore {
  /** Persist a freshly poured molecule. Fails with code `exists` if the id is taken. */
  create(mol: Molecule): Promise<Result<Molecule>>;
  /** The molecule, or undefined when there is none (squashed and burned ones are gone). */
  load(id: string): Promise<Result<Molecule | undefined>>;
  /**
   * Apply `fn` to the current state and persist the result, atomically with respect to every other
   * writer. A result whose status is `squashed` becomes an archive record; `burned` deletes it.
   * Returns the state as persisted and the effects `fn` produced.
   */
  mutate(id: string, fn: Mutator): Promise<Result<Mutation>>;
  list(filter?: ListFilter): Promise<Result<Molecule[]>>;
  /** The archive record of a squashed molecule. */
  loadArchive(id: string): Promise<Result<ArchiveRecord | undefined>>;
}

export type StoreError = MolError;
