/**
 * The working copy one operation edits. Operations stay pure from the outside (the input
 * molecule is never touched) while the inside is plain assignments: a step object is copied the
 * first time it changes and put in a new version of the steps that shares the rest (see
 * molecule-lists.ts), and every status change is checked against the machine tables, recorded in
 * history and reported as an effect in one place.
 */

import type { Proto, ProtoStep } from '../../cook/proto.js';
import { isoTime } from '../../iso-time.js';
import type { Effect } from '../effects.js';
import { MOLECULE_MACHINE, type MoleculeMachineEvent } from '../machine/molecule-machine.js';
import { STEP_MACHINE, type StepEvent } from '../machine/step-machine.js';
import type { HistoryEntry, Molecule, MoleculeStatus, StepState, StepStatus } from '../molecule-schema.js';
import { standsIn } from '../need-branches.js';
import { labelChange } from '../status-labels.js';
import { listsFor, type MoleculeLists, moleculeWith } from './molecule-lists.js';
import type { StepVector, StepVectorEdit } from './persistent-lists.js';
import type { ProtoIndex } from './proto-index.js';

/** History kept in the state; older entries are dropped and counted in `historyTrimmed`. */
export const HISTORY_LIMIT = 1000;

type StepField = Exclude<keyof StepState, 'id' | 'status'>;
export type StepPatch = Partial<Pick<StepState, StepField>>;

export interface EntryInfo {
  by?: string;
  note?: string;
}

export class Draft {
  readonly at: string;
  readonly status0: MoleculeStatus;
  status: MoleculeStatus;
  readonly effects: Effect[] = [];
  /** The base's lists: the steps until the first change, then `edit` (so a no-op costs nothing). */
  readonly lists: MoleculeLists;
  private readonly baseSteps: StepVector;
  private steps: StepVector | StepVectorEdit;
  private edit: StepVectorEdit | undefined;
  private readonly entries: HistoryEntry[] = [];
  /** Positions, possibly repeated: `dispatches` dedupes them once, at the end. */
  private readonly readied: number[] = [];
  private readonly again: number[] = [];
  private pendingChanges: number[] = [];
  private fields: Partial<Molecule> | undefined;
  private dirty = false;
  /** Where settle found an open step (-1: none), remembered with the steps for the next search. */
  openStep: number | undefined;

  constructor(
    readonly proto: Proto,
    readonly index: ProtoIndex,
    readonly base: Molecule,
    readonly now: Date,
  ) {
    this.at = isoTime(now);
    this.status0 = base.status;
    this.status = base.status;
    this.lists = listsFor(base);
    this.baseSteps = this.lists.steps;
    this.steps = this.baseSteps;
  }

  get size(): number {
    return this.steps.size;
  }

  /** Step i as it stands in this draft (read only: change it through `patch` and `move`). */
  step(i: number): StepState {
    return this.steps.get(i);
  }

  /** Step i as it was in the base molecule. */
  baseStep(i: number): StepState {
    return this.baseSteps.get(i);
  }

  def(i: number): ProtoStep {
    return this.index.steps[i] as ProtoStep;
  }

  position(id: string): number | undefined {
    return this.index.position.get(id);
  }

  /** Change a step's fields without changing its status; `undefined` removes a field. */
  patch(i: number, patch: StepPatch): void {
    const target = this.own(i) as Record<string, unknown>;
    // for-in over a literal's own keys: no entries array per patch, and this runs on every transition.
    for (const key in patch) {
      const value = patch[key as StepField];
      if (value !== undefined) target[key] = value;
      else if (key in target) delete target[key];
    }
    this.dirty = true;
  }

  /** Step i as this draft's own copy, made on first write (a step still shared with the base is the base's). */
  private own(i: number): StepState {
    this.edit ??= this.baseSteps.edit();
    this.steps = this.edit;
    const step = this.edit.get(i);
    if (step !== this.baseSteps.get(i)) return step;
    const copy = { ...step };
    this.edit.set(i, copy);
    return copy;
  }

  /** Change a step's status along the step machine; anything else is a bug in the engine. */
  move(i: number, event: StepEvent, to: StepStatus, info: EntryInfo = {}, patch: StepPatch = {}): void {
    const from = this.step(i).status;
    if (!STEP_MACHINE[from][event]?.includes(to)) {
      throw new Error(`engine bug: step "${this.step(i).id}" cannot go ${from} -> ${to} on ${event}`);
    }
    this.patch(i, patch);
    const id = this.step(i).id;
    this.entries.push(withInfo({ at: this.at, event, step: id, from, to }, info));
    // Same status (a nudge, a takeover, a partial gate result): history only.
    if (from === to) return;
    (this.step(i) as { status: StepStatus }).status = to;
    this.effects.push(
      info.note
        ? { type: 'step-status', step: id, from, to, note: info.note }
        : { type: 'step-status', step: id, from, to },
    );
    this.pendingChanges.push(i);
    if (to === 'ready') this.readied.push(i);
  }

  /** A history entry for something that changed no status (a nudge, a rollback, a resume). */
  record(event: string, info: EntryInfo & { step?: string } = {}): void {
    this.entries.push(entry(this.at, event, { ...info, from: this.status, to: this.status }));
    this.dirty = true;
  }

  moveMolecule(event: MoleculeMachineEvent, to: MoleculeStatus, info: EntryInfo = {}): void {
    const from = this.status;
    if (from === to) return;
    if (!MOLECULE_MACHINE[from][event]?.includes(to)) {
      throw new Error(`engine bug: molecule "${this.base.id}" cannot go ${from} -> ${to} on ${event}`);
    }
    this.status = to;
    this.dirty = true;
    this.entries.push(entry(this.at, event, { from, to, ...info }));
    this.effects.push({ type: 'molecule-status', from, to });
    const labels = labelChange(from, to);
    if (labels) this.effects.push({ type: 'labels', ...labels });
  }

  set<K extends 'summary' | 'expiresAt' | 'budget' | 'budgetStop' | 'delivery'>(
    key: K,
    value: Molecule[K],
  ): void {
    this.fields ??= {};
    this.fields[key] = value;
    this.dirty = true;
  }

  /** A molecule-level field as this draft has it. */
  field<K extends 'budget' | 'budgetStop' | 'delivery'>(key: K): Molecule[K] {
    return (
      this.fields !== undefined && key in this.fields ? this.fields[key] : this.base[key]
    ) as Molecule[K];
  }

  emit(effect: Effect): void {
    this.effects.push(effect);
  }

  /** Dispatch a step that is already ready again (resume after a crash, unpause). */
  redispatch(i: number): void {
    this.again.push(i);
  }

  /** Steps whose status changed since the last call: the scheduler looks at them and their dependents. */
  takeChanges(): number[] {
    const changes = this.pendingChanges;
    this.pendingChanges = [];
    return changes;
  }

  get changed(): boolean {
    return this.dirty || this.entries.length > 0;
  }

  /**
   * The draft's result; call it once, last: the effects array is handed over, not copied. `rev`
   * is the new molecule's revision (one past the base's unless given).
   */
  build(rev = this.base.rev + 1): { mol: Molecule; effects: Effect[] } {
    const effects = this.effects;
    this.addDispatches(effects);
    if (!this.changed) return { mol: this.base, effects };
    const { log: history, dropped } = this.lists.history.append(this.entries, HISTORY_LIMIT);
    const trimmed = (this.base.historyTrimmed ?? 0) + dropped;
    // Molecules built from a matching one match too; the next transition on this one skips the check.
    const mol = moleculeWith(this.base, {
      steps: this.edit ? this.edit.done() : this.baseSteps,
      history,
      proto: this.proto,
      open: this.openStep,
    });
    if (this.fields) {
      Object.assign(mol, this.fields);
      // A field set to undefined is gone, not a key without a value.
      for (const key of Object.keys(this.fields) as (keyof Molecule)[])
        if (mol[key] === undefined) delete mol[key];
    }
    mol.status = this.status;
    mol.rev = rev;
    mol.updatedAt = this.at;
    if (trimmed > 0) mol.historyTrimmed = trimmed;
    return { mol, effects };
  }

  /**
   * One dispatch per step that this operation made ready (a step that was ready before and only
   * passed through pending was dispatched already), plus explicit re-dispatches; none while the
   * molecule may not run.
   */
  private addDispatches(effects: Effect[]): void {
    if (this.status !== 'pending' && this.status !== 'in_progress') return;
    if (this.again.length === 0 && this.readied.length === 0) return;
    const chosen = new Set(this.again);
    for (const i of this.readied) if (this.baseStep(i).status !== 'ready') chosen.add(i);
    const ready = [...chosen].filter((i) => this.step(i).status === 'ready').sort((a, b) => a - b);
    for (const i of ready) {
      effects.push({ type: 'dispatch', step: this.step(i).id, baseBranches: this.baseBranches(i) });
    }
  }

  /**
   * The branches the step's needs recorded, in needs order: what a distributed step checks out. A
   * need with no branch of its own (a gate step, a skipped step) stands in for its own needs.
   */
  baseBranches(i: number): string[] {
    const branches: string[] = [];
    const seen = new Set<number>();
    const visit = (needs: readonly number[]) => {
      for (const n of needs) {
        if (seen.has(n)) continue;
        seen.add(n);
        const branch = this.step(n).branch;
        if (branch !== undefined) {
          if (!branches.includes(branch)) branches.push(branch);
        } else if (standsIn(this.def(n), this.step(n).status)) visit(this.index.needs[n] as number[]);
      }
    };
    visit(this.index.needs[i] as number[]);
    return branches;
  }
}

function entry(at: string, event: string, info: Omit<HistoryEntry, 'at' | 'event'>): HistoryEntry {
  return withInfo({ at, event }, info);
}

/** `e` with info's defined fields added in info's order (an absent `by` leaves no key in the JSON). */
function withInfo(e: HistoryEntry, info: Omit<HistoryEntry, 'at' | 'event'>): HistoryEntry {
  for (const key in info) {
    const value = info[key as keyof typeof info];
    if (value !== undefined) (e as Record<string, unknown>)[key] = value;
  }
  return e;
}
