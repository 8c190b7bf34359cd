/**
 * The two lists a molecule carries, kept so that a transition costs what it changes rather than
 * the molecule's size: copying a 4,000-step array and a 1,000-entry history on every transition
 * (and collecting the copies) was most of a transition's time at that size.
 *
 * `StepVector` is a persistent vector (a 32-way trie of fixed depth): a new version shares every
 * node but the few on the paths to the steps it replaced. `HistoryLog` is a window onto an
 * append-only buffer: a version appends in place when it is the buffer's tip and copies its
 * window first when another version already appended past it, so no version ever sees another's
 * entries; the buffer is rebuilt once its dropped head reaches the limit, which bounds memory.
 */
import type { HistoryEntry, StepState } from '../molecule-schema.js';

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

/** A leaf holds steps, any other node its children. */
export type Node = unknown[];
const EMPTY: unknown[] = [];

export class StepVector {
  constructor(
    readonly size: number,
    /** Bits below the root's index: BITS × (depth − 1). */
    private readonly shift: number,
    private readonly root: Node,
  ) {}

  static of(steps: readonly StepState[]): StepVector {
    let level: Node[] = [];
    for (let i = 0; i < steps.length; i += WIDTH) level.push(steps.slice(i, i + WIDTH));
    let shift = 0;
    while (level.length > 1) {
      const up: Node[] = [];
      for (let i = 0; i < level.length; i += WIDTH) up.push(level.slice(i, i + WIDTH));
      level = up;
      shift += BITS;
    }
    return new StepVector(steps.length, shift, level[0] ?? []);
  }

  get(i: number): StepState {
    let node = this.root;
    for (let s = this.shift; s > 0; s -= BITS) node = node[(i >>> s) & MASK] as Node;
    return node[i & MASK] as StepState;
  }

  /** A copy to change in place; its `done` is a new version, and this one never changes. */
  edit(): StepVectorEdit {
    return new StepVectorEdit(this.size, this.shift, this.root);
  }

  /**
   * The steps this version holds where `prev` holds others, by position, found by skipping every
   * subtree the two share: a cost of what changed, not of the size. Undefined when the two are not
   * the same length.
   */
  changedSince(prev: StepVector): [number, StepState][] | undefined {
    if (prev.size !== this.size || prev.shift !== this.shift) return undefined;
    const changed: [number, StepState][] = [];
    collectChanged(this.root, prev.root, this.shift, 0, changed);
    return changed;
  }

  /** The steps as an array: the leaves joined by one `concat`, which copies each whole (and packed). */
  toArray(): StepState[] {
    let level: Node[] = [this.root];
    for (let s = this.shift; s > 0; s -= BITS) level = EMPTY.concat(...level) as Node[];
    return EMPTY.concat(...level) as StepState[];
  }
}

function collectChanged(now: Node, was: Node, shift: number, base: number, out: [number, StepState][]): void {
  if (now === was) return;
  for (let i = 0; i < now.length; i++) {
    if (now[i] === was[i]) continue;
    if (shift === 0) out.push([base + i, now[i] as StepState]);
    else collectChanged(now[i] as Node, was[i] as Node, shift - BITS, base + (i << shift), out);
  }
}

export class StepVectorEdit {
  /** Nodes this edit copied, so each is copied once however many of its steps change. */
  private readonly owned: Node[] = [];
  private root: Node;

  constructor(
    readonly size: number,
    private readonly shift: number,
    root: Node,
  ) {
    this.root = root;
  }

  get(i: number): StepState {
    let node = this.root;
    for (let s = this.shift; s > 0; s -= BITS) node = node[(i >>> s) & MASK] as Node;
    return node[i & MASK] as StepState;
  }

  set(i: number, step: StepState): void {
    this.root = this.mine(this.root);
    let node = this.root;
    for (let s = this.shift; s > 0; s -= BITS) {
      const at = (i >>> s) & MASK;
      const child = this.mine(node[at] as Node);
      node[at] = child;
      node = child;
    }
    node[i & MASK] = step;
  }

  done(): StepVector {
    return new StepVector(this.size, this.shift, this.root);
  }

  private mine(node: Node): Node {
    if (this.owned.includes(node)) return node;
    const copy = node.slice();
    this.owned.push(copy);
    return copy;
  }
}

export class HistoryLog {
  private constructor(
    private readonly buffer: HistoryEntry[],
    private readonly start: number,
    private readonly end: number,
    /** The buffer came from outside (a molecule's own array): never appended to in place. */
    private readonly borrowed: boolean,
  ) {}

  static of(entries: HistoryEntry[]): HistoryLog {
    return new HistoryLog(entries, 0, entries.length, true);
  }

  get length(): number {
    return this.end - this.start;
  }

  /** The log with `entries` added and the oldest dropped past `limit`. */
  append(entries: readonly HistoryEntry[], limit: number): { log: HistoryLog; dropped: number } {
    if (entries.length === 0) return { log: this, dropped: 0 };
    let buffer = this.buffer;
    let start = this.start;
    let end = this.end;
    if (this.borrowed || end !== buffer.length) {
      buffer = buffer.slice(start, end);
      end -= start;
      start = 0;
    }
    for (const e of entries) buffer.push(e);
    end += entries.length;
    const dropped = Math.max(0, end - start - limit);
    start += dropped;
    if (start >= limit) {
      buffer = buffer.slice(start, end);
      end -= start;
      start = 0;
    }
    return { log: new HistoryLog(buffer, start, end, false), dropped };
  }

  toArray(): HistoryEntry[] {
    return this.buffer.slice(this.start, this.end);
  }

  /**
   * How this log continues `prev`: its oldest `drop` entries gone and `added` appended, read off
   * the buffer the two share (entries in a buffer are written once and never moved, so whatever
   * window of it a version sees holds the same entries). Undefined when they share no buffer.
   */
  since(prev: HistoryLog): { drop: number; added: HistoryEntry[] } | undefined {
    if (this.buffer !== prev.buffer || this.start < prev.start || this.end < prev.end) return undefined;
    return {
      drop: Math.min(this.start, prev.end) - prev.start,
      added: this.buffer.slice(Math.max(prev.end, this.start), this.end),
    };
  }
}
