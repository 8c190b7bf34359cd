/**
 * Pouring a formula, for every face: cook it once to learn its vars, bind the given values
 * (defaults, required, pattern, enum: a missing or invalid one is named), cook again with exactly
 * the bound values (which is what a later load re-cooks from the molecule), pin the formula, pour,
 * and create the molecule in the store. Nothing is written unless everything before the create
 * worked. The faces say where formulas come from, where the molecule starts and who pours it.
 */

import {
  type Budget,
  bindVars,
  cook,
  type Effect,
  type FormulaSource,
  type Molecule,
  type MoleculeStore,
  ok,
  type Proto,
  pour as pourProto,
  type Result,
  type Subject,
  withDefaultRetries,
} from '../engine/index.js';
import { cookNamed, type Tell } from './formulas/cook-named.js';
import { rememberProto } from './formulas/load-proto.js';

/** How many times a fresh id is drawn again when the one drawn is taken. */
const FRESH_ID_TRIES = 5;

export interface PourInput {
  source: FormulaSource;
  store: MoleculeStore;
  formula: string;
  vars: Record<string, string>;
  overlays?: readonly string[];
  /** A fixed id, or a way to draw a fresh one from the formula's name (drawn again when taken). */
  id: string | ((formula: string) => string);
  /**
   * The fixed id derives from an idempotency key (a delivery, a comment line): finding it taken
   * means the request was handled before, reported as `existed`, not as an error.
   */
  idempotent?: boolean;
  now: Date;
  by: string;
  /** Where steps start; asked only once the formula cooked with its vars. */
  base: () => Promise<Result<{ ref: string; sha?: string }>>;
  kind?: 'mol' | 'wisp';
  ttlMs?: number;
  /**
   * When no kind is asked: a formula with `phase = "vapor"` pours as a wisp living this long.
   * Absent, such a formula pours as a molecule.
   */
  vaporTtlMs?: number;
  /** A patrol wisp's place in its loop (engine `rewisp.ts`). */
  loop?: Molecule['loop'];
  subject?: Subject;
  /** `max_retries` for steps that set none. */
  defaultRetries?: number;
  /** The molecule's budget where the formula sets no limit of its own (`budget` in the config). */
  defaultBudget?: Budget;
  /** Problems and warnings of the first cook. */
  tell?: Tell;
  /** Asked once the formula cooked, before anything is written: a refusal pours nothing. */
  admit?: (proto: Proto) => Promise<Result<void>>;
}

export interface Poured {
  mol: Molecule;
  /** With the default retries, as the molecule is transitioned. */
  proto: Proto;
  /** The pour's effects (dispatch of the first steps, labels); none when it `existed`. */
  effects: Effect[];
  /** The idempotent id was taken: the request was handled before, nothing was written now. */
  existed: boolean;
}

export async function pour(input: PourInput): Promise<Result<Poured>> {
  const first = await cookNamed(
    input.source,
    { formula: input.formula, vars: input.vars, overlays: input.overlays ?? [] },
    input.tell,
  );
  if (!first.ok) return first;
  const { resolved } = first.value;
  const bound = bindVars(first.value.proto.vars, input.vars);
  if (!bound.ok) return bound;
  const cooked = cook(resolved.root, {
    vars: bound.value,
    library: resolved.library,
    overlays: resolved.overlays,
  });
  if (!cooked.ok) return cooked;
  const raw = cooked.value.proto;
  const proto = withDefaultRetries(raw, input.defaultRetries);
  const admitted = input.admit === undefined ? ok(undefined) : await input.admit(proto);
  if (!admitted.ok) return admitted;
  const formula = await resolved.pin(raw.formula, first.value.uses);
  if (!formula.ok) return formula;
  const base = await input.base();
  if (!base.ok) return base;

  for (let tries = 0; ; tries++) {
    const id = typeof input.id === 'string' ? input.id : input.id(raw.formula);
    const vapor = input.kind === undefined && raw.phase === 'vapor' && input.vaporTtlMs !== undefined;
    const ttlMs = vapor ? input.vaporTtlMs : input.ttlMs;
    const poured = pourProto(proto, {
      id,
      now: input.now,
      vars: bound.value,
      kind: vapor ? 'wisp' : (input.kind ?? 'mol'),
      ...(ttlMs === undefined ? {} : { ttlMs }),
      ...(input.subject === undefined ? {} : { subject: input.subject }),
      base: base.value,
      formula: formula.value,
      title: raw.formula,
      by: input.by,
    });
    if (!poured.ok) return poured;
    const budget = defaultLimits(input.defaultBudget, proto.budget);
    if (budget !== undefined) poured.value.mol.budget = budget;
    if (input.loop !== undefined) poured.value.mol.loop = input.loop;
    // The store renders the state with it, and the first writes find it without reading the pins.
    rememberProto(input.source.scope, poured.value.mol, raw);
    const created = await input.store.create(poured.value.mol);
    if (created.ok) return ok({ mol: created.value, proto, effects: poured.value.effects, existed: false });
    if (created.error.code !== 'exists') return created;
    if (input.idempotent) return ok({ mol: poured.value.mol, proto, effects: [], existed: true });
    if (typeof input.id === 'string' || tries >= FRESH_ID_TRIES) return created;
  }
}

/** The default's limits the formula does not set itself. */
export function defaultLimits(defaults: Budget | undefined, formula: Budget | undefined): Budget | undefined {
  if (defaults === undefined) return undefined;
  const kept = Object.fromEntries(
    Object.entries(defaults).filter(([limit]) => formula?.[limit as keyof Budget] === undefined),
  ) as Budget;
  return Object.keys(kept).length === 0 ? undefined : kept;
}
