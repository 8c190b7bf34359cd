/**
 * The local file store: the `MoleculeStore` the CLI uses, one snapshot plus one journal per
 * molecule under `.molecular/` (see journal.ts). Every write holds that molecule's lock file,
 * appends what changed to the journal and fdatasyncs it before answering, so concurrent `mol`
 * processes never lose each other's update and a write costs what it changed, not the molecule.
 * Writes one process makes to one molecule at the same time go out together: one lock, one append,
 * one fdatasync (group commit).
 *
 * The store keeps the last state it read or wrote per molecule and only reads what other writers
 * appended since. That state is frozen: a caller that edits a molecule in place gets a TypeError
 * instead of silently diverging from the disk (top-level fields of what it is handed are its own).
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
  sharedCopy,
} from '../../engine/index.js';
import { crashPoint } from '../../runner/crash-point.js';
import { syncDirectory, writeFileAtomic } from './atomic-write.js';
import {
  acquireFileLock,
  DEFAULT_STALE_MS,
  type FileLock,
  type FileLockOptions,
  withFileLock,
} from './file-lock.js';
import {
  appendLines,
  closeJournal,
  compact,
  freezeNew,
  handOut,
  journalPathOf,
  type LiveState,
  type OpenJournal,
  readLive,
  refreshLive,
  wantsCompaction,
} from './journal.js';
import { applyDelta, diffMolecule } from './molecule-delta.js';
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

  const known = new Map<string, LiveState>();
  /** The molecule's state now: what this store knew, plus whatever was appended since. */
  async function current(id: string): Promise<Result<LiveState | undefined>> {
    const cached = known.get(id);
    const path = layout.live(id);
    const read = cached ? await refreshLive(path, cached) : await readLive(path);
    if (read.ok && read.value) known.set(id, read.value);
    else known.delete(id);
    return read;
  }

  const queues = new Map<string, Queued[]>();
  /** A drain keeping its lock while its queue is empty, woken by the next write queued. */
  const lingering = new Map<Queued[], () => void>();
  const holdMs = Math.min(MAX_HOLD_MS, (options.lock?.staleMs ?? DEFAULT_STALE_MS) / 4);
  /**
   * Writes queued while one is in flight go out together under one lock and one fdatasync. The
   * lock is kept for `LINGER_MS` after the queue runs dry, so a caller that awaits each write and
   * sends the next soon after (a runner going step by step: a step's lease, its command's process
   * group, its completion, the next step's lease) pays for the lock once per run of writes, not
   * per write; it is let go when that passes with nothing queued, or after `holdMs` so other
   * processes get their turn and never see it old enough to break.
   */
  async function drain(id: string, queue: Queued[]): Promise<void> {
    let held: Held | undefined;
    for (;;) {
      if (held && (queue.length === 0 || Date.now() - held.since >= holdMs)) {
        if (queue.length === 0) await linger(queue, Math.min(LINGER_MS, holdMs - (Date.now() - held.since)));
        if (queue.length === 0 || Date.now() - held.since >= holdMs) {
          await letGo(held);
          held = undefined;
        }
        continue;
      }
      // Checked and removed in one synchronous step: a write queued after this starts its own drain.
      if (queue.length === 0) {
        queues.delete(id);
        return;
      }
      if (!held) {
        const lock = await guard(async () => {
          await ensureLayout();
          return acquireFileLock(layout.lock(id), options.lock);
        });
        if (!lock.ok) {
          for (const item of queue.splice(0)) item.resolve(lock);
          continue;
        }
        held = { lock: lock.value, since: Date.now(), journal: {}, wrote: false };
      }
      const batch = queue.splice(0);
      const now = held;
      const results = await guard(() => writeBatch(id, batch, now));
      batch.forEach((item, i) => {
        item.resolve(results.ok ? (results.value[i] as Result<Mutation>) : results);
      });
      // Taken over while this process stalled: the next write starts over with a lock of its own.
      if (results.ok && results.value.some((r) => !r.ok && r.error.code === 'lock-lost')) {
        await letGo(now);
        held = undefined;
      }
    }
  }

  /** Until a write is queued, or `ms` pass; the timer keeps no process from exiting (the lock goes at exit). */
  function linger(queue: Queued[], ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(wake, Math.max(0, ms)).unref();
      function wake() {
        clearTimeout(timer);
        lingering.delete(queue);
        resolve();
      }
      lingering.set(queue, wake);
    });
  }

  async function writeBatch(id: string, batch: Queued[], held: Held): Promise<Result<Result<Mutation>[]>> {
    const { lock } = held;
    // After a write under this lock, what this store wrote is the latest: nobody else could write
    // without the lock, and the check below finds out if someone took it.
    const cached = held.wrote ? known.get(id) : undefined;
    const read = cached ? ok(cached) : await current(id);
    if (!read.ok) return read;
    if (read.value === undefined) return err('not-found', `there is no molecule "${id}" in ${layout.mols}.`);
    const state = read.value;
    const path = layout.live(id);
    const results: Result<Mutation>[] = [];
    let mol = state.mol;
    let lines = '';
    for (const [n, item] of batch.entries()) {
      const next = applyMutator(item.fn, mol);
      if (!next.ok) {
        results.push(next);
        continue;
      }
      const checked = checkMutation(mol, next.value);
      if (!checked.ok) {
        results.push(checked);
        continue;
      }
      const candidate = checked.value;
      if (candidate.status === 'squashed' || candidate.status === 'burned') {
        // The molecule leaves the store: what the batch did before is moot, what comes after finds nothing.
        if (!(await lock.isHeld())) return ok(batch.map(() => lockLost(id)));
        closeJournal(held.journal);
        const ended = await endMolecule(layout, candidate, next.value.effects);
        known.delete(id);
        results.push(ended);
        for (let k = n + 1; k < batch.length; k++)
          results.push(err('not-found', `there is no molecule "${id}" in ${layout.mols}.`));
        return ok(results);
      }
      const applied = applyDelta(mol, diffMolecule(mol, candidate, state.snapshot.rev), candidate);
      if (!applied.ok) {
        results.push(
          err(
            'state-invalid',
            `the new state of molecule "${id}" is invalid: ${applied.error.message}; nothing was written.`,
          ),
        );
        continue;
      }
      mol = freezeNew(applied.value.mol, mol, applied.value.delta);
      lines += `${JSON.stringify(applied.value.delta)}\n`;
      results.push(ok({ mol: handOut(mol), effects: next.value.effects }));
    }
    if (lines === '') return ok(results);
    // Only matters if this process stalled past the lock's TTL and another writer broke in.
    if (!(await lock.isHeld())) return ok(results.map((r) => (r.ok ? lockLost(id) : r)));
    // The crash suite kills the process here too: a journal append is the store's everyday write.
    crashPoint('state-write:before');
    const end = await appendLines(path, state, lines, held.journal);
    crashPoint('state-write:after');
    if (!end.ok) return ok(results.map((r) => (r.ok ? end : r)));
    let written: LiveState = {
      ...state,
      mol,
      journalEnd: end.value.end,
      journalSize: end.value.size,
      journalExists: true,
      torn: false,
    };
    known.set(id, written);
    held.wrote = true;
    if (wantsCompaction(written)) {
      // The writes are durable already; a compaction that fails is retried by the next write.
      written = await compact(path, written).catch(() => written);
      known.set(id, written);
    }
    return ok(results);
  }

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
        const live = await readLive(layout.live(mol.id));
        if (!live.ok) return live;
        const archived = await readStateFile(layout.archive(mol.id), ArchiveRecordSchema);
        if (!archived.ok) return archived;
        if (live.value !== undefined || archived.value !== undefined) {
          return err(
            'exists',
            `a molecule "${mol.id}" already exists in ${layout.mols}; pour it under another id.`,
          );
        }
        // A journal without a snapshot is what a burn interrupted between its two removals left.
        await rm(journalPathOf(layout.live(mol.id)), { force: true });
        known.delete(mol.id);
        return writeConfirmed(layout.live(mol.id), valid.data, MoleculeSchema);
      });
    },

    load: (id) => {
      const checked = checkId(id);
      if (!checked.ok) return Promise.resolve(checked);
      return guard(async () => {
        const read = await current(id);
        if (!read.ok) return read;
        return ok(read.value && handOut(read.value.mol));
      });
    },

    loadArchive: (id) => {
      const checked = checkId(id);
      if (!checked.ok) return Promise.resolve(checked);
      return guard(() => readStateFile(layout.archive(id), ArchiveRecordSchema));
    },

    mutate: (id, fn) => {
      const checked = checkId(id);
      if (!checked.ok) return Promise.resolve(checked);
      return new Promise((resolve) => {
        const item: Queued = { fn, resolve };
        const queue = queues.get(id);
        if (queue) {
          queue.push(item);
          lingering.get(queue)?.();
          return;
        }
        const fresh = [item];
        queues.set(id, fresh);
        void drain(id, fresh);
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

/** The longest one run of writes keeps its lock; well under the stale limit in any case. */
const MAX_HOLD_MS = 250;

/**
 * How long a lock is kept with nothing queued: longer than a runner's gap between two writes of
 * one step or of two steps back to back (a few milliseconds), far shorter than any agent's step.
 */
const LINGER_MS = 30;

/** A molecule's lock while a run of writes holds it. */
interface Held {
  lock: FileLock;
  since: number;
  journal: OpenJournal;
  /** Whether this store has written under this lock (so its state is the latest). */
  wrote: boolean;
}

/** Releases only a file that still names this holder; one that fails to go is judged stale later. */
async function letGo(held: Held): Promise<void> {
  try {
    closeJournal(held.journal);
  } catch {
    // Everything written was fdatasync'd already.
  }
  await held.lock.release().catch(() => undefined);
}

interface Queued {
  fn: Mutator;
  resolve: (result: Result<Mutation>) => void;
}

function applyMutator(fn: Mutator, current: Molecule): Result<Mutation> {
  try {
    // The steps and entries below are frozen, shared with the store's state.
    return fn(handOut(current));
  } catch (error) {
    return err(
      'mutator-threw',
      `the change to molecule "${current.id}" threw instead of returning an error: ${(error as Error).message}`,
    );
  }
}

/** The reducer's result as the next revision, or why it cannot be one. */
function checkMutation(current: Molecule, mutation: Mutation): Result<Molecule> {
  if (mutation.mol.id !== current.id) {
    return err(
      'state-invalid',
      `a change to molecule "${current.id}" tried to rename it to "${mutation.mol.id}"; nothing was written.`,
    );
  }
  // Whatever rev the reducer returned, a write is exactly one revision after the one it read. The
  // copy is the store's own (it is frozen once written); an engine molecule's shares its lists.
  const copy = sharedCopy(mutation.mol) ?? { ...mutation.mol };
  copy.rev = current.rev + 1;
  return ok(copy);
}

function lockLost(id: string): Result<never> {
  return err(
    'lock-lost',
    `the lock on molecule "${id}" was taken over while this change was computed; nothing was written, try again.`,
  );
}

/** Squashed: the archive record replaces the molecule. Burned: it is gone. */
async function endMolecule(
  layout: StoreLayout,
  candidate: Molecule,
  effects: Effect[],
): Promise<Result<Mutation>> {
  const parsed = MoleculeSchema.safeParse(candidate);
  if (!parsed.success) {
    return err(
      'state-invalid',
      `the new state of molecule "${candidate.id}" is invalid: ${describeIssues(parsed.error)}; nothing was written.`,
    );
  }
  const live = layout.live(candidate.id);
  if (candidate.status === 'squashed') {
    const record = archiveOf(effects);
    if (!record.ok) return record;
    const written = await writeConfirmed(layout.archive(candidate.id), record.value, ArchiveRecordSchema);
    if (!written.ok) return written;
  }
  // Snapshot first: a journal left alone is ignored (and removed by the next create).
  await rm(live, { force: true });
  await rm(journalPathOf(live), { force: true });
  await syncDirectory(layout.mols);
  return ok({ mol: parsed.data, effects });
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
    const read = await readLive(path);
    if (!read.ok) {
      problems.push(read.error);
      continue;
    }
    if (read.value === undefined) continue; // removed between readdir and read
    const mol = handOut(read.value.mol);
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
