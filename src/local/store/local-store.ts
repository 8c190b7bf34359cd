/**
 * The local file store: the `MoleculeStore` the CLI uses, one JSON file per
 * molecule under `.molecular/`. Every write holds that molecule's lock file, replaces the file
 * atomically and reads it back, so concurrent `mol` processes never lose each other's update.
 *
 * `list` is strict: one corrupt file makes it fail with `state-invalid` naming that file, so no
 * caller mistakes a partial answer for the whole. `scan` is the forgiving variant for `mol list`:
 * the good molecules plus one problem per bad file.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  type ArchiveRecord,
  ArchiveRecordSchema,
  type Effect,
  err,
  type ListFilter,
  type MolError,
  type Molecule,
  MoleculeSchema,
  type MoleculeStore,
  type Mutation,
  type Mutator,
  ok,
  type Result,
} from '../../engine/index.js';
import { crashPoint } from '../../runner/crash-point.js';
import { syncDirectory, writeFileAtomic } from './atomic-write.js';
import { type FileLock, type FileLockOptions, withFileLock } from './file-lock.js';
import { describeIssues, readStateFile } from './read-state-file.js';
import { checkId, liveIdOf, type StoreLayout, storeLayout } from './store-layout.js';

export interface LocalStoreOptions {
  /** The store directory, usually `<git top level>/.molecular` (see `defaultStoreDir`). */
  dir: string;
  lock?: FileLockOptions;
}

export interface ScanResult {
  molecules: Molecule[];
  /** One `state-invalid` (or `store-io`) error per file that could not be read as a molecule. */
  problems: MolError[];
}

export interface LocalStore extends MoleculeStore {
  readonly dir: string;
  /** Like `list`, but a corrupt file is reported next to the good molecules instead of failing. */
  scan(filter?: ListFilter): Promise<Result<ScanResult>>;
}

export function createLocalStore(options: LocalStoreOptions): LocalStore {
  const layout = storeLayout(options.dir);
  let ready: Promise<void> | undefined;
  const ensureLayout = () => {
    ready ??= makeLayout(layout);
    return ready;
  };
  const locked = <T>(id: string, fn: (lock: FileLock) => Promise<Result<T>>) =>
    guard(async () => {
      await ensureLayout();
      return withFileLock(layout.lock(id), fn, options.lock);
    });

  const scan = (filter: ListFilter = {}) => guard(() => scanLive(layout, filter));

  return {
    dir: options.dir,

    create: (mol) => {
      const valid = MoleculeSchema.safeParse(mol);
      if (!valid.success)
        return Promise.resolve(
          err('state-invalid', `the molecule to create is invalid: ${describeIssues(valid.error)}`),
        );
      const id = checkId(mol.id);
      if (!id.ok) return Promise.resolve(id);
      return locked(mol.id, async () => {
        const live = await readStateFile(layout.live(mol.id), MoleculeSchema);
        if (!live.ok) return live;
        const archived = await readStateFile(layout.archive(mol.id), ArchiveRecordSchema);
        if (!archived.ok) return archived;
        if (live.value !== undefined || archived.value !== undefined) {
          return err(
            'exists',
            `a molecule "${mol.id}" already exists in ${layout.mols}; pour it under another id.`,
          );
        }
        return writeConfirmed(layout.live(mol.id), valid.data, MoleculeSchema);
      });
    },

    load: (id) => {
      const checked = checkId(id);
      if (!checked.ok) return Promise.resolve(checked);
      return guard(() => readStateFile(layout.live(id), MoleculeSchema));
    },

    loadArchive: (id) => {
      const checked = checkId(id);
      if (!checked.ok) return Promise.resolve(checked);
      return guard(() => readStateFile(layout.archive(id), ArchiveRecordSchema));
    },

    mutate: (id, fn) => {
      const checked = checkId(id);
      if (!checked.ok) return Promise.resolve(checked);
      return locked(id, async (lock) => {
        const current = await readStateFile(layout.live(id), MoleculeSchema);
        if (!current.ok) return current;
        if (current.value === undefined)
          return err('not-found', `there is no molecule "${id}" in ${layout.mols}.`);
        const next = applyMutator(fn, current.value);
        if (!next.ok) return next;
        // Only matters if this process stalled past the lock's TTL and another writer broke in.
        if (!(await lock.isHeld())) {
          return err(
            'lock-lost',
            `the lock on molecule "${id}" was taken over while this change was computed; nothing was written, try again.`,
          );
        }
        return persist(layout, current.value, next.value);
      });
    },

    list: async (filter) => {
      const scanned = await scan(filter);
      if (!scanned.ok) return scanned;
      const [first, ...rest] = scanned.value.problems;
      if (first === undefined) return ok(scanned.value.molecules);
      const more = rest.length > 0 ? ` (and ${rest.length} more bad file${rest.length > 1 ? 's' : ''})` : '';
      return {
        ok: false,
        error: {
          ...first,
          message: first.message + more,
          diagnostics: scanned.value.problems.map((p) => ({ ...p, severity: 'error' as const })),
        },
      };
    },

    scan,
  };
}

function applyMutator(fn: Mutator, current: Molecule): Result<Mutation> {
  try {
    // The mutator gets its own copy: a reducer that edits its input must not change what we compare against.
    return fn(structuredClone(current));
  } catch (error) {
    return err(
      'mutator-threw',
      `the change to molecule "${current.id}" threw instead of returning an error: ${(error as Error).message}`,
    );
  }
}

async function persist(
  layout: StoreLayout,
  current: Molecule,
  mutation: Mutation,
): Promise<Result<Mutation>> {
  const { effects } = mutation;
  if (mutation.mol.id !== current.id) {
    return err(
      'state-invalid',
      `a change to molecule "${current.id}" tried to rename it to "${mutation.mol.id}"; nothing was written.`,
    );
  }
  // Whatever rev the reducer returned, a write is exactly one revision after the one it read.
  const candidate = { ...mutation.mol, rev: current.rev + 1 };
  const parsed = MoleculeSchema.safeParse(candidate);
  if (!parsed.success) {
    return err(
      'state-invalid',
      `the new state of molecule "${current.id}" is invalid: ${describeIssues(parsed.error)}; nothing was written.`,
    );
  }
  const next = parsed.data;
  const live = layout.live(next.id);

  if (next.status === 'squashed') {
    const record = archiveOf(effects);
    if (!record.ok) return record;
    const written = await writeConfirmed(layout.archive(next.id), record.value, ArchiveRecordSchema);
    if (!written.ok) return written;
    await rm(live, { force: true });
    await syncDirectory(layout.mols);
    return ok({ mol: next, effects });
  }
  if (next.status === 'burned') {
    await rm(live, { force: true });
    await syncDirectory(layout.mols);
    return ok({ mol: next, effects });
  }
  const written = await writeConfirmed(live, next, MoleculeSchema);
  if (!written.ok) return written;
  return ok({ mol: written.value, effects });
}

function archiveOf(effects: Effect[]): Result<ArchiveRecord> {
  const effect = effects.find((e): e is Extract<Effect, { type: 'archive' }> => e.type === 'archive');
  if (!effect)
    return err(
      'archive-missing',
      'a squash must come with an archive effect holding the record; nothing was written.',
    );
  const parsed = ArchiveRecordSchema.safeParse(effect.record);
  if (!parsed.success)
    return err(
      'state-invalid',
      `the archive record is invalid: ${describeIssues(parsed.error)}; nothing was written.`,
    );
  return ok(parsed.data);
}

/** Writes `value` atomically, then reads it back and checks it is what was written. */
async function writeConfirmed<S extends z.ZodType>(
  path: string,
  value: z.infer<S>,
  schema: S,
): Promise<Result<z.infer<S>>> {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  crashPoint('state-write:before');
  await writeFileAtomic(path, text);
  crashPoint('state-write:after');
  const back = await readStateFile(path, schema);
  if (!back.ok) return back;
  if (back.value === undefined || `${JSON.stringify(back.value, null, 2)}\n` !== text) {
    return err(
      'write-lost',
      `${path} does not hold what was just written to it; another program may be writing there.`,
      { file: path },
    );
  }
  return ok(back.value);
}

async function scanLive(layout: StoreLayout, filter: ListFilter): Promise<Result<ScanResult>> {
  let names: string[];
  try {
    names = await readdir(layout.mols);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok({ molecules: [], problems: [] });
    throw error;
  }
  const molecules: Molecule[] = [];
  const problems: MolError[] = [];
  for (const name of names.sort()) {
    const id = liveIdOf(name);
    if (id === undefined) continue;
    const path = join(layout.mols, name);
    const read = await readStateFile(path, MoleculeSchema);
    if (!read.ok) {
      problems.push(read.error);
      continue;
    }
    const mol = read.value;
    if (mol === undefined) continue; // removed between readdir and read
    if (mol.id !== id) {
      problems.push({
        code: 'state-invalid',
        message: `${path} holds molecule "${mol.id}", not "${id}"; rename or remove the file.`,
        file: path,
      });
      continue;
    }
    if (filter.kind !== undefined && mol.kind !== filter.kind) continue;
    if (filter.status !== undefined && !filter.status.includes(mol.status)) continue;
    molecules.push(mol);
  }
  molecules.sort((a, b) =>
    a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt),
  );
  return ok({ molecules, problems });
}

/** The store directory ignores itself, so a step's `git add -A` in the working tree never commits state or locks. */
async function makeLayout(layout: StoreLayout): Promise<void> {
  await mkdir(layout.mols, { recursive: true });
  await mkdir(layout.locks, { recursive: true });
  await writeFile(join(layout.dir, '.gitignore'), '# Molecular state: local, never committed.\n*\n', {
    flag: 'wx',
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
}

/** File-system failures (permissions, a full disk) come back as `store-io` values, not exceptions. */
async function guard<T>(fn: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await fn();
  } catch (error) {
    return err('store-io', `the local store failed: ${(error as Error).message}`);
  }
}
