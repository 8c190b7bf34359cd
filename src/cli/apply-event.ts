/**
 * The CLI's one write path for molecule changes: the pure `transition`, applied under the store's
 * lock to whatever the molecule is at that moment (another `mol` process may have moved it).
 */

import type { Proto } from '../engine/cook/proto.js';
import { ok, type Result } from '../engine/errors.js';
import type { Molecule } from '../engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../engine/molecule/ops/events.js';
import { transition } from '../engine/molecule/ops/transition.js';
import type { Mutation } from '../engine/molecule/store.js';
import type { CliContext } from './cli-context.js';

export function applyEvent(
  ctx: CliContext,
  molId: string,
  proto: Proto,
  event: MoleculeEvent,
): Promise<Result<Mutation>> {
  const now = ctx.io.now();
  return ctx.store.mutate(molId, (current) => transition(proto, current, event, now));
}

/**
 * Several events as one write, chosen from the molecule as it is under the lock (a person failing a
 * step nobody started: start, then fail). All apply or none does.
 */
export function applyEvents(
  ctx: CliContext,
  molId: string,
  proto: Proto,
  plan: (current: Molecule) => MoleculeEvent[],
): Promise<Result<Mutation>> {
  const now = ctx.io.now();
  return ctx.store.mutate(molId, (current) => {
    let mutation: Mutation = { mol: current, effects: [] };
    for (const event of plan(current)) {
      const next = transition(proto, mutation.mol, event, now);
      if (!next.ok) return next;
      mutation = { mol: next.value.mol, effects: [...mutation.effects, ...next.value.effects] };
    }
    return ok(mutation);
  });
}
