/**
 * Patrol loops, with upstream's meaning: a patrol wisp is one round, and when it completes the next
 * round is poured as a new wisp. Gas Town does this in code — `gt patrol report`
 * (internal/cmd/patrol_report.go, runPatrolReport) closes the finished patrol wisp and calls
 * autoSpawnPatrol (internal/cmd/patrol_helpers.go), which pours the role's patrol formula again
 * with the same vars — and knows its patrols by name (`mol-<role>-patrol`); Gas City's
 * `mol-witness-patrol` ends on a step that pours the next wisp before burning this one. There is no
 * formula key for it upstream, so the rule here is upstream's: the formula's name says it is a
 * patrol, and the molecule must be a wisp.
 *
 * The next round is a new wisp with a new id, poured once (its id follows from the loop's first
 * round, so pouring it twice finds it there), with the same formula, vars and TTL length. A round
 * that fails, is burned, or was poured with `last` ends the loop.
 */
import type { Proto } from '../cook/proto.js';
import type { Molecule } from './molecule-schema.js';

/** Gas Town's patrol formulas: `mol-deacon-patrol`, `mol-witness-patrol`, `mol-refinery-patrol`, … */
export const PATROL_FORMULA_NAME = /^mol-[a-z0-9]+(?:-[a-z0-9]+)*-patrol$/;

/** A wisp's TTL when the finished round's cannot be read (`mol wisp`'s default). */
const DEFAULT_TTL_MS = 3_600_000;

export interface NextRound {
  /** `<first round's id>-r<round>`. */
  id: string;
  round: number;
  /** The first round's id: every round of the loop names it. */
  root: string;
  vars: Record<string, string>;
  ttlMs: number;
}

export function isPatrolFormula(name: string): boolean {
  return PATROL_FORMULA_NAME.test(name);
}

/** The round to pour after `mol`, or undefined when none follows it. */
export function nextRound(mol: Molecule, proto: Pick<Proto, 'formula'>): NextRound | undefined {
  if (mol.kind !== 'wisp' || mol.status !== 'complete') return undefined;
  if (!isPatrolFormula(proto.formula) || mol.loop?.last === true) return undefined;
  const root = mol.loop?.root ?? mol.id;
  const round = (mol.loop?.round ?? 1) + 1;
  const ttl =
    mol.expiresAt === undefined ? Number.NaN : Date.parse(mol.expiresAt) - Date.parse(mol.createdAt);
  return {
    id: `${root}-r${round}`,
    round,
    root,
    vars: { ...mol.vars },
    ttlMs: Number.isFinite(ttl) && ttl > 0 ? ttl : DEFAULT_TTL_MS,
  };
}
