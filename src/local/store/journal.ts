/**
 * A live molecule on disk is a snapshot (`<id>.json`, the whole molecule, the format the store has
 * always written) plus a journal (`<id>.journal`): one JSON line per write since the snapshot,
 * written and fdatasync'd before the write is acknowledged, so a write costs the bytes it changed.
 * Now and then the journal is folded into a new snapshot (written atomically) and emptied.
 *
 * The journal's lines are followed by a run of zero bytes written ahead of them (in the same write
 * as the lines that outgrow the last run; each run doubles the file, up to where the journal will
 * be folded into the snapshot, plus `TAIL_BYTES`): a write overwrites zeros in place, so its
 * fdatasync commits data only, not a new file size. Its logical end is the end of the last complete line before the first zero
 * byte (or the end of the file); JSON text never holds a zero byte.
 *
 * Reading: the snapshot, then each journal line in order up to the first zero byte. Anything after
 * the logical end that is not zeros (a last line without its newline, or pieces of a write whose
 * sectors reached the disk out of order) is a write torn by a crash that was never acknowledged:
 * it is ignored, and the next writer cuts the file at the logical end before writing. Lines no
 * newer than the snapshot are left from a compaction interrupted between its two steps: skipped.
 * Anything else that does not fit is `state-invalid`, naming the file.
 */
import {
  closeSync,
  constants,
  fdatasync,
  ftruncateSync,
  openSync,
  readSync,
  type Stats,
  statSync,
  writeSync,
} from 'node:fs';
import { readFile, stat, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { err, type Molecule, MoleculeSchema, ok, type Result, sharedCopy } from '../../engine/index.js';
import { fullDiskPoint } from '../../runner/crash-point.js';
import { syncDirectory, writeFileAtomic } from './atomic-write.js';
import { applyDelta, type Delta } from './molecule-delta.js';
import { parseStateText } from './read-state-file.js';

/** The molecule as read, and where its files stood, so the next read only reads what was appended. */
export interface LiveState {
  mol: Molecule;
  /** The snapshot's identity: a compaction replaces the file, which changes it. */
  snapshot: { ino: number; size: number; mtimeMs: number; rev: number };
  /** Bytes of the journal read so far (complete lines only): its logical end. */
  journalEnd: number;
  /** The journal file's size: its lines and the zeros written ahead of them. */
  journalSize: number;
  /** Whether the journal file exists (its creation must be made durable in the directory). */
  journalExists: boolean;
  /** Bytes past `journalEnd` that are neither a complete line nor zeros: a write torn by a crash. */
  torn?: boolean;
}

/** Fold the journal into the snapshot once it has grown past the snapshot (and this minimum). */
export const MIN_COMPACT_BYTES = 64 * 1024;
/** Zeros written ahead of the lines at the least; a journal that is never folded stays this small. */
export const TAIL_BYTES = 16 * 1024;

export function journalPathOf(livePath: string): string {
  return `${livePath.slice(0, -'.json'.length)}.journal`;
}

/** Reads snapshot and journal from scratch; undefined when there is no snapshot. */
export async function readLive(path: string): Promise<Result<LiveState | undefined>> {
  let text: string;
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok(undefined);
    return err('store-io', `cannot read ${path}: ${(error as Error).message}`, { file: path });
  }
  const parsed = parseStateText(path, text, MoleculeSchema);
  if (!parsed.ok) return parsed;
  const base: LiveState = {
    mol: freezeRead(parsed.value),
    snapshot: { ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, rev: parsed.value.rev },
    journalEnd: 0,
    journalSize: 0,
    journalExists: false,
  };
  const journal = journalPathOf(path);
  let bytes: Buffer;
  try {
    bytes = await readFile(journal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok(base);
    return err('store-io', `cannot read ${journal}: ${(error as Error).message}`, { file: journal });
  }
  base.journalExists = true;
  const replayed = replay(base, bytes, 0, journal);
  return replayed.ok ? ok(replayed.value) : replayed;
}

/**
 * Brings `known` up to date with what other writers appended since; a full read when the snapshot
 * was replaced, the journal shrank, or the appended bytes do not continue it. Only the bytes up to
 * the first zero are read: a process that dies mid-write leaves a prefix of its bytes, never any
 * past a zero; that takes a crash of the machine, after which every reader starts from scratch
 * and checks the whole tail (`readLive`).
 */
export async function refreshLive(path: string, known: LiveState): Promise<Result<LiveState | undefined>> {
  // Synchronous stats: microseconds each, where an async one is a thread-pool round trip.
  let info: Stats | undefined;
  try {
    info = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    return err('store-io', `cannot read ${path}: ${(error as Error).message}`, { file: path });
  }
  if (info === undefined) return ok(undefined);
  const s = known.snapshot;
  if (info.ino !== s.ino || info.size !== s.size || info.mtimeMs !== s.mtimeMs) return readLive(path);
  const journal = journalPathOf(path);
  const size = statSync(journal, { throwIfNoEntry: false })?.size;
  if (size === undefined)
    return known.journalEnd === 0 ? ok({ ...known, journalSize: 0, journalExists: false }) : readLive(path);
  if (size === known.journalEnd) return ok({ ...known, journalSize: size, journalExists: true, torn: false });
  if (size < known.journalEnd) return readLive(path);
  const fd = openSync(journal, 'r');
  try {
    const tail = readToZero(fd, known.journalEnd, size);
    const replayed = replay({ ...known, journalExists: true }, tail, known.journalEnd, journal);
    return replayed.ok ? ok({ ...replayed.value, journalSize: size }) : readLive(path);
  } finally {
    closeSync(fd);
  }
}

/** The bytes from `from` up to the first zero byte read (and a little past it), or to `size`. */
function readToZero(fd: number, from: number, size: number): Buffer {
  let tail = Buffer.alloc(0);
  for (let chunk = 16 * 1024; from + tail.length < size; chunk *= 2) {
    const more = Buffer.alloc(Math.min(chunk, size - from - tail.length));
    const n = readSync(fd, more, 0, more.length, from + tail.length);
    if (n === 0) break;
    tail = tail.length === 0 ? more.subarray(0, n) : Buffer.concat([tail, more.subarray(0, n)]);
    const zero = more.indexOf(0);
    if (zero >= 0 && zero < n) break;
  }
  return tail;
}

/** Applies the lines in `bytes` (the journal from `offset` to its end) to `state`. */
function replay(state: LiveState, bytes: Buffer, offset: number, file: string): Result<LiveState> {
  let mol = state.mol;
  let at = 0;
  let line = 0;
  const zero = bytes.indexOf(0);
  const used = zero < 0 ? bytes.length : zero;
  for (;;) {
    const nl = bytes.indexOf(10, at);
    if (nl < 0 || nl >= used) break; // nothing more, or a torn last line
    line++;
    const text = bytes.subarray(at, nl).toString('utf8');
    at = nl + 1;
    let data: Partial<Delta>;
    try {
      data = JSON.parse(text) as Partial<Delta>;
    } catch (error) {
      return err(
        'state-invalid',
        `${file}: line ${line} is not valid JSON (${(error as Error).message}); fix or remove the file.`,
        {
          file,
        },
      );
    }
    if (typeof data.rev === 'number' && data.rev <= mol.rev && (data.snap ?? -1) < state.snapshot.rev)
      continue;
    const next = applyDelta(mol, data);
    if (!next.ok) {
      return err(
        'state-invalid',
        `${file}: line ${line} does not apply: ${next.error.message}; fix or remove the file.`,
        {
          file,
        },
      );
    }
    mol = freezeNew(next.value.mol, mol, next.value.delta);
  }
  const torn = at < used || !allZero(bytes, used);
  return ok({ ...state, mol, journalEnd: offset + at, journalSize: offset + bytes.length, torn });
}

const ZEROS = Buffer.alloc(TAIL_BYTES);

function allZero(bytes: Buffer, from: number): boolean {
  for (let at = from; at < bytes.length; at += ZEROS.length) {
    const end = Math.min(bytes.length, at + ZEROS.length);
    if (!bytes.subarray(at, end).equals(ZEROS.subarray(0, end - at))) return false;
  }
  return true;
}

/** The journal's descriptor, kept open while its lock is held so a run of writes opens it once. */
export interface OpenJournal {
  path?: string;
  fd?: number;
}

export function closeJournal(open: OpenJournal): void {
  const { fd } = open;
  open.fd = undefined;
  open.path = undefined;
  if (fd !== undefined) closeSync(fd);
}

/**
 * Writes `lines` (one per write, in order) at the journal's logical end and fdatasyncs them; cuts
 * a torn tail off first. Returns the new logical end and file size. Only the fdatasync goes to the
 * thread pool: it is the one call that waits for the disk, and the event loop stays free meanwhile
 * for writes to queue up behind it; the rest are page-cache calls that cost less than a round trip
 * to a thread.
 */
export async function appendLines(
  path: string,
  state: LiveState,
  lines: string,
  open: OpenJournal = {},
): Promise<Result<{ end: number; size: number }>> {
  const journal = journalPathOf(path);
  const data = Buffer.from(lines, 'utf8');
  if (open.path !== journal) {
    closeJournal(open);
    open.fd = openSync(journal, constants.O_RDWR | constants.O_CREAT);
    open.path = journal;
  }
  const fd = open.fd as number;
  try {
    let size = state.journalSize;
    // A torn write a crashed writer left is cut off (the reader already ignored it): zeros only past the end.
    if (state.torn) {
      ftruncateSync(fd, state.journalEnd);
      size = state.journalEnd;
    }
    const end = state.journalEnd + data.length;
    if (end <= size) writeAll(fd, data, state.journalEnd);
    else {
      // The lines and the next run of zeros in one write: this fdatasync alone commits a new size.
      // Doubling keeps such writes few (logarithmic in the fold point) and a small journal small.
      // Only a write past the zeros already on disk needs new space.
      fullDiskPoint();
      size = Math.max(end, Math.min(2 * end, compactionPoint(state))) + TAIL_BYTES;
      const run = Buffer.alloc(size - state.journalEnd);
      data.copy(run);
      writeAll(fd, run, state.journalEnd);
    }
    await new Promise<void>((resolve, reject) =>
      fdatasync(fd, (error) => (error ? reject(error) : resolve())),
    );
    if (!state.journalExists) await syncDirectory(dirname(journal));
    return ok({ end, size });
  } catch (error) {
    closeJournal(open);
    // A full disk, a lost mount: named with its path, for whoever has to make room.
    return err('store-io', `cannot write ${journal}: ${(error as Error).message}`, { file: journal });
  }
}

function writeAll(fd: number, data: Buffer, at: number): void {
  for (let done = 0; done < data.length; ) done += writeSync(fd, data, done, data.length - done, at + done);
}

/** Whether the journal has grown enough to be folded into the snapshot. */
export function wantsCompaction(state: LiveState): boolean {
  return state.journalEnd >= compactionPoint(state);
}

function compactionPoint(state: LiveState): number {
  return Math.max(MIN_COMPACT_BYTES, state.snapshot.size);
}

/** A new snapshot of `state.mol`, then an empty journal (its lines are all older than the snapshot now). */
export async function compact(path: string, state: LiveState): Promise<LiveState> {
  await writeFileAtomic(path, `${JSON.stringify(state.mol, null, 2)}\n`);
  const info = await stat(path);
  const journal = journalPathOf(path);
  await truncate(journal, 0).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  return {
    mol: state.mol,
    snapshot: { ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, rev: state.mol.rev },
    journalEnd: 0,
    journalSize: 0,
    journalExists: state.journalExists,
    torn: false,
  };
}

/**
 * Freezes what `next` does not share with `prev` (the molecule, new steps and history entries, other
 * nested values), so a caller that edits one in place gets a TypeError instead of diverging from
 * the disk. The two lists stay unfrozen: V8 reads a frozen array on a slow path (at 4,000 steps an
 * index 10x, a slice 70x slower), which made every transition cost the molecule's size. They are
 * never handed out, only copies of them (`handOut`). With the delta that made `next`, only the
 * steps it names are visited, not every step.
 */
export function freezeNew(next: Molecule, prev: Molecule, delta?: Delta): Molecule {
  Object.freeze(next);
  // The delta holds the very steps and entries `next` does; reading them there leaves an engine
  // molecule's lists unread (its arrays are made on first read, at the cost of its size).
  if (delta && !delta.allSteps) {
    for (const [, step] of delta.steps ?? []) deepFreeze(step);
  } else if (next.steps !== prev.steps) {
    for (let i = 0; i < next.steps.length; i++)
      if (next.steps[i] !== prev.steps[i]) deepFreeze(next.steps[i]);
  }
  if (delta && !delta.allHistory) {
    for (const entry of delta.add ?? []) deepFreeze(entry);
  } else if (next.history !== prev.history) {
    for (let k = next.history.length - 1; k >= 0 && !Object.isFrozen(next.history[k]); k--)
      deepFreeze(next.history[k]);
  }
  for (const key of Object.keys(next)) {
    if (key === 'steps' || key === 'history') continue;
    const value = next[key as keyof Molecule];
    if (typeof value === 'object' && value !== null) deepFreeze(value);
  }
  return next;
}

/** A molecule read whole: every step and history entry frozen, the lists not (see `freezeNew`). */
function freezeRead(mol: Molecule): Molecule {
  for (const step of mol.steps) deepFreeze(step);
  for (const entry of mol.history) deepFreeze(entry);
  return freezeNew(mol, mol);
}

/** The store's state as a caller gets it: its own top level and lists, the frozen steps and entries shared. */
export function handOut(mol: Molecule): Molecule {
  return sharedCopy(mol) ?? { ...mol, steps: mol.steps.slice(), history: mol.history.slice() };
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}
