/**
 * Pour (or wisp): a proto becomes a molecule. Every step starts pending and the scheduler makes
 * the roots ready (dispatching them), so a poured molecule is immediately runnable.
 */

import type { Proto } from '../../cook/proto.js';
import { err, type Result } from '../../errors.js';
import { REF_NAME_RULE, refPartProblem } from '../../ref-name.js';
import type { Effect } from '../effects.js';
import { type FormulaRef, type Molecule, MoleculeSchema, type Subject } from '../molecule-schema.js';
import { advance, settle } from '../scheduler.js';
import { STATUS_LABELS } from '../status-labels.js';
import { Draft } from './draft.js';
import { freshSteps } from './fresh-steps.js';
import { indexProto } from './proto-index.js';

export interface PourOptions {
  id: string;
  now: Date;
  /** Already bound and checked by cook. */
  vars: Record<string, string>;
  kind?: 'mol' | 'wisp';
  /** Wisps: how long until they evaporate. */
  ttlMs?: number;
  subject?: Subject;
  base?: { ref: string; sha?: string };
  formula: FormulaRef;
  title?: string;
  /** Who poured it, for the first history entry. */
  by?: string;
}

export function pour(proto: Proto, opts: PourOptions): Result<{ mol: Molecule; effects: Effect[] }> {
  const index = indexProto(proto);
  if (!index.ok) return index;
  if (!MoleculeSchema.shape.id.safeParse(opts.id).success) {
    return err(
      'invalid-id',
      `"${opts.id}" cannot be a molecule id: use letters, digits, ".", "_" and "-", starting with a letter or digit`,
    );
  }
  // The id names the molecule's branches and refs (`molecular/<id>/<step>`), and so does each step's.
  const idProblem = refPartProblem(opts.id);
  if (idProblem !== undefined) {
    return err('invalid-id', `"${opts.id}" cannot be a molecule id: ${idProblem} (${REF_NAME_RULE})`);
  }
  for (const step of proto.steps) {
    const problem = refPartProblem(step.id);
    if (problem !== undefined) {
      return err(
        'invalid-id',
        `step id ${JSON.stringify(step.id)} cannot be part of a git ref: ${problem} (${REF_NAME_RULE})`,
      );
    }
  }
  if (proto.steps.length === 0) return err('empty-proto', `formula "${proto.formula}" has no steps to pour`);
  const kind = opts.kind ?? 'mol';
  const at = opts.now.toISOString();
  const poured: Molecule = {
    v: 1,
    id: opts.id,
    title: opts.title ?? proto.formula,
    formula: opts.formula,
    vars: opts.vars,
    kind,
    status: 'pending',
    subject: opts.subject ?? {},
    base: opts.base ?? { ref: 'HEAD' },
    execution: proto.execution,
    rev: 0,
    createdAt: at,
    updatedAt: at,
    steps: freshSteps(proto),
    history: [
      {
        at,
        event: kind === 'wisp' ? 'wisp' : 'pour',
        to: 'pending',
        note: `formula "${opts.formula.name}"`,
        ...(opts.by === undefined ? {} : { by: opts.by }),
      },
    ],
  };
  if (kind === 'wisp' && opts.ttlMs !== undefined) {
    poured.expiresAt = new Date(opts.now.getTime() + opts.ttlMs).toISOString();
  }
  const d = new Draft(proto, index.value, poured, opts.now);
  d.emit({ type: 'labels', add: [STATUS_LABELS.active], remove: [] });
  advance(d, poured.steps.keys());
  settle(d);
  return { ok: true, value: d.build(0) };
}
