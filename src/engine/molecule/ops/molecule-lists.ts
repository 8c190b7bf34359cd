/**
 * A molecule the engine builds keeps its steps and history as persistent lists
 * (persistent-lists.ts) behind `steps` and `history` accessors, so the next transition works on
 * the lists and never copies the arrays. The arrays are made on first read and kept: a caller
 * that reads them pays once per molecule, what only transitions the molecule again never does.
 * Anything that copies a molecule (a spread, JSON, structuredClone, zod) reads the accessors and
 * gets plain arrays, and the copy is a plain molecule again. Assigning either list turns both
 * into plain properties, and the engine then reads the arrays as it would a parsed molecule's.
 *
 * Next to the lists the molecule carries what the engine learnt building it: the proto it
 * matches (the next transition skips the id-by-id comparison) and where an open step was (where
 * the next search for one starts; a hint, always checked). They sit in a private field, which
 * no copy, JSON, key listing or equality check sees, and which freezing the molecule leaves
 * readable.
 */
import type { Proto } from '../../cook/proto.js';
import type { HistoryEntry, Molecule, StepState } from '../molecule-schema.js';
import { HistoryLog, StepVector } from './persistent-lists.js';

export interface MoleculeLists {
  readonly steps: StepVector;
  readonly history: HistoryLog;
  readonly proto?: Proto;
  readonly open?: number;
}

interface Slot extends MoleculeLists {
  stepsArray?: StepState[];
  historyArray?: HistoryEntry[];
  detached?: boolean;
}

/** A constructor that returns its argument: a class extending it adds its fields to that object. */
class Returns {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: the point: `ListsSlot` stamps its private field on a plain object, which keeps Object.prototype (a class instance would not compare equal to a parsed molecule).
    return target;
  }
}

class ListsSlot extends Returns {
  #slot: Slot;

  constructor(target: object, slot: Slot) {
    super(target);
    this.#slot = slot;
  }

  static of(target: object): Slot | undefined {
    return #slot in target ? (target as ListsSlot).#slot : undefined;
  }
}

function slotOf(mol: object): Slot {
  return ListsSlot.of(mol) as Slot;
}

function stepsArray(this: Molecule): StepState[] {
  const slot = slotOf(this);
  slot.stepsArray ??= slot.steps.toArray();
  return slot.stepsArray;
}

function historyArray(this: Molecule): HistoryEntry[] {
  const slot = slotOf(this);
  slot.historyArray ??= slot.history.toArray();
  return slot.historyArray;
}

function detach(mol: Molecule, key: 'steps' | 'history', value: unknown): void {
  const plain = { writable: true, enumerable: true, configurable: true };
  const steps = key === 'steps' ? value : mol.steps;
  const history = key === 'history' ? value : mol.history;
  Object.defineProperty(mol, 'steps', { ...plain, value: steps });
  Object.defineProperty(mol, 'history', { ...plain, value: history });
  slotOf(mol).detached = true;
}

function accessor(key: 'steps' | 'history', get: (this: Molecule) => unknown): PropertyDescriptor {
  return {
    get,
    set(this: Molecule, value: unknown) {
      detach(this, key, value);
    },
    enumerable: true,
    configurable: true,
  };
}

// One getter and setter pair for every molecule: V8 then gives them all one hidden class.
const STEPS = accessor('steps', stepsArray);
const HISTORY = accessor('history', historyArray);

/** The molecule's lists when the engine built it and nobody replaced them since. */
export function listsOf(mol: Molecule): MoleculeLists | undefined {
  const slot = ListsSlot.of(mol);
  return slot === undefined || slot.detached ? undefined : slot;
}

/** The molecule's lists, made from its arrays when it has none (a parsed or hand-built molecule). */
export function listsFor(mol: Molecule): MoleculeLists {
  return listsOf(mol) ?? { steps: StepVector.of(mol.steps), history: HistoryLog.of(mol.history) };
}

/**
 * What `next` changed in `prev`'s two lists, when the engine built both and the lists tell without
 * reading the arrays: steps replaced by position, history entries dropped from the front and added
 * at the end. A list left out could not be told this way (a molecule the engine did not build, a
 * step list of another length, a history rebuilt); compare its arrays instead.
 */
export function listChanges(
  prev: Molecule,
  next: Molecule,
): { steps?: [number, StepState][]; history?: { drop: number; added: HistoryEntry[] } } {
  const was = listsOf(prev);
  const now = listsOf(next);
  if (!was || !now) return {};
  const steps = now.steps === was.steps ? [] : now.steps.changedSince(was.steps);
  const history = now.history === was.history ? { drop: 0, added: [] } : now.history.since(was.history);
  return { ...(steps ? { steps } : {}), ...(history ? { history } : {}) };
}

/**
 * A new top level for a molecule the engine built, sharing its lists (undefined for any other
 * molecule): a copy a caller may change at the top without touching the original, for what a
 * spread costs in fields, not in steps. Its arrays are its own, made when first read.
 */
export function sharedCopy(mol: Molecule): Molecule | undefined {
  const lists = listsOf(mol);
  return lists && moleculeWith(mol, lists);
}

/**
 * A molecule with `base`'s fields, its lists read from `lists`, which the caller then changes by
 * assignment. A spread would read the base's accessors and make its arrays; a literal also gives
 * every molecule the schema's key order and one hidden class. Keys the schema does not know are
 * kept from a molecule the engine did not build; the engine's own have none unless a caller added
 * one, which, as a zod parse would, the next transition drops.
 */
export function moleculeWith(b: Molecule, lists: MoleculeLists): Molecule {
  const mol = {
    v: b.v,
    id: b.id,
    title: b.title,
    formula: b.formula,
    vars: b.vars,
    kind: b.kind,
    status: b.status,
    subject: b.subject,
    base: b.base,
    execution: b.execution,
    rev: b.rev,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  } as Molecule;
  if (b.expiresAt !== undefined) mol.expiresAt = b.expiresAt;
  if (b.loop !== undefined) mol.loop = b.loop;
  Object.defineProperty(mol, 'steps', STEPS);
  Object.defineProperty(mol, 'history', HISTORY);
  if (b.historyTrimmed !== undefined) mol.historyTrimmed = b.historyTrimmed;
  if (b.summary !== undefined) mol.summary = b.summary;
  if (b.budget !== undefined) mol.budget = b.budget;
  if (b.budgetStop !== undefined) mol.budgetStop = b.budgetStop;
  if (b.delivery !== undefined) mol.delivery = b.delivery;
  if (ListsSlot.of(b) === undefined) {
    for (const key in b) if (!(key in mol)) (mol as Record<string, unknown>)[key] = b[key as keyof Molecule];
  }
  new ListsSlot(mol, { steps: lists.steps, history: lists.history, proto: lists.proto, open: lists.open });
  return mol;
}
