/**
 * One journal line of the local store: what a write changed in a molecule, found by comparing the
 * state before and after by identity (the engine shares every step and history entry it did not
 * touch), validated on its own instead of as a whole molecule, and replayed the same way on read
 * as it was applied on write, so the state a writer keeps and the state a reader rebuilds agree.
 */
import { z } from 'zod';
import {
  err,
  HistoryEntrySchema,
  listChanges,
  type Molecule,
  MoleculeSchema,
  ok,
  type Result,
  StepStateSchema,
} from '../../engine/index.js';

const FieldsSchema = MoleculeSchema.omit({ steps: true, history: true, rev: true, id: true, v: true });
type FieldKey = keyof z.infer<typeof FieldsSchema>;
const FIELD_KEYS = Object.keys(FieldsSchema.shape) as FieldKey[];
const MOLECULE_KEYS = new Set(Object.keys(MoleculeSchema.shape));
const OPTIONAL_FIELDS = [
  'expiresAt',
  'historyTrimmed',
  'summary',
  'budget',
  'budgetStop',
  'delivery',
] as const;

export const DeltaSchema = z.object({
  /** The revision this line produces: always one more than the state it applies to. */
  rev: z.number().int().min(1),
  /** The snapshot's revision when the line was written (lines older than the snapshot are skipped). */
  snap: z.number().int().min(0),
  set: FieldsSchema.partial().optional(),
  unset: z.array(z.enum(OPTIONAL_FIELDS)).optional(),
  /** Changed steps by position, or all of them when the list itself changed. */
  steps: z.array(z.tuple([z.number().int().min(0), StepStateSchema])).optional(),
  allSteps: z.array(StepStateSchema).optional(),
  /** History: the oldest `drop` entries go, `add` come at the end; or all of it when it was rewritten. */
  drop: z.number().int().min(0).optional(),
  add: z.array(HistoryEntrySchema).optional(),
  allHistory: z.array(HistoryEntrySchema).optional(),
});
export type Delta = z.infer<typeof DeltaSchema>;

/** What turns `prev` into `next` (whose rev must already be `prev.rev + 1`), not yet validated. */
export function diffMolecule(prev: Molecule, next: Molecule, snap: number): Delta {
  const delta: Delta = { rev: next.rev, snap };
  const set: Record<string, unknown> = {};
  const unset: (typeof OPTIONAL_FIELDS)[number][] = [];
  for (const key of FIELD_KEYS) {
    if (next[key] === prev[key]) continue;
    if (next[key] === undefined) {
      if ((OPTIONAL_FIELDS as readonly string[]).includes(key)) unset.push(key as (typeof unset)[number]);
      else set[key] = undefined; // a required field removed: validation names it
    } else set[key] = next[key];
  }
  if (Object.keys(set).length > 0) delta.set = set as Delta['set'];
  if (unset.length > 0) delta.unset = unset;

  // A molecule the engine built tells what changed from its lists, without reading either whole.
  const lists = listChanges(prev, next);
  if (lists.steps) {
    if (lists.steps.length > 0) delta.steps = lists.steps;
  } else if (next.steps !== prev.steps) {
    if (next.steps.length !== prev.steps.length) delta.allSteps = next.steps;
    else {
      const changed: [number, Molecule['steps'][number]][] = [];
      const before = prev.steps;
      const after = next.steps;
      for (let i = 0; i < after.length; i++)
        if (after[i] !== before[i]) changed.push([i, after[i] as Molecule['steps'][number]]);
      if (changed.length > 0) delta.steps = changed;
    }
  }

  const history = lists.history ?? sharedPrefix(prev.history, next.history);
  if (history === undefined) delta.allHistory = next.history;
  else {
    if (history.drop > 0) delta.drop = history.drop;
    if (history.added.length > 0) delta.add = history.added;
  }
  return delta;
}

/**
 * How `next` continues `prev`: the oldest `drop` entries of `prev` removed and `added` entries
 * appended, the rest the very same objects; undefined when it is not such a continuation.
 */
function sharedPrefix<T>(prev: readonly T[], next: readonly T[]): { drop: number; added: T[] } | undefined {
  if (next === prev) return { drop: 0, added: [] };
  let drop = 0;
  if (next.length > 0 && prev.length > 0) {
    drop = prev.indexOf(next[0] as T);
    if (drop < 0) drop = prev.length; // nothing of the old history was kept
  } else drop = prev.length;
  const kept = prev.length - drop;
  if (kept > next.length) return undefined;
  for (let k = 0; k < kept; k++) if (next[k] !== prev[drop + k]) return undefined;
  return { drop, added: next.slice(kept) };
}

/**
 * Validates a delta (a candidate write or a line read back) and applies it to `prev`; returns the
 * delta as validated too, which is what gets written. When validation changed nothing (no unknown
 * key dropped), the new state holds the very objects given, not the validator's copies: the
 * engine recognises the steps it returned by identity and skips re-checking them next time.
 * `built`, the molecule a write's delta was taken from, is then the new state itself when it has
 * no key the schema does not know (what a replay would drop): the engine's molecule keeps its
 * lists, so the next transition and the next diff cost what they change.
 */
export function applyDelta(
  prev: Molecule,
  raw: unknown,
  built?: Molecule,
): Result<{ mol: Molecule; delta: Delta }> {
  const parsed = DeltaSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err('state-invalid', `${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
  }
  const d = sameJson(raw, parsed.data) ? (raw as Delta) : parsed.data;
  if (d.rev !== prev.rev + 1) return err('state-invalid', `revision ${d.rev} does not follow ${prev.rev}`);
  if (built !== undefined && d === raw && sameOutsideDelta(prev, built, d))
    return ok({ mol: built, delta: d });
  const next: Record<string, unknown> = { ...prev, ...d.set, rev: d.rev };
  for (const key of d.unset ?? []) delete next[key];
  for (const [key, value] of Object.entries(d.set ?? {})) {
    if (value !== undefined) continue;
    if (!(OPTIONAL_FIELDS as readonly string[]).includes(key))
      return err('state-invalid', `${key}: required`);
    delete next[key];
  }

  if (d.allSteps) next.steps = d.allSteps;
  else if (d.steps) {
    const steps = prev.steps.slice();
    for (const [i, step] of d.steps) {
      if (i >= steps.length) return err('state-invalid', `step position ${i} is past the last step`);
      steps[i] = step;
    }
    next.steps = steps;
  }

  if (d.allHistory) next.history = d.allHistory;
  else if (d.drop !== undefined || d.add !== undefined) {
    const drop = d.drop ?? 0;
    if (drop > prev.history.length)
      return err('state-invalid', `drops ${drop} history entries of ${prev.history.length}`);
    next.history = (drop > 0 ? prev.history.slice(drop) : prev.history).concat(d.add ?? []);
  }
  return ok({ mol: next as Molecule, delta: d });
}

/** Whether `built` is what replaying `d` over `prev` gives: the keys a line never carries agree, and no unknown key is kept. */
function sameOutsideDelta(prev: Molecule, built: Molecule, d: Delta): boolean {
  if (built.rev !== d.rev || built.v !== prev.v || built.id !== prev.id) return false;
  for (const key of Object.keys(built)) if (!MOLECULE_KEYS.has(key)) return false;
  return true;
}

/** Whether `a` and `b` are the same JSON text, key order aside (undefined-valued keys are absent). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const key in x) {
    if (x[key] === undefined) continue;
    if (!Object.hasOwn(y, key) || !sameJson(x[key], y[key])) return false;
    keys++;
  }
  for (const key in y) if (y[key] !== undefined) keys--;
  return keys === 0;
}
