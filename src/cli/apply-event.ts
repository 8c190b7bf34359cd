/**
 * The CLI's one write path for molecule changes: the pure `transition`, applied under the store's
 * lock to whatever the molecule is at that moment (another `mol` process may have moved it).
 */
import type { Result } from '../engine/errors.js';
import type { MoleculeEvent } from '../engine/ops/events.js';
import { transition } from '../engine/ops/transition.js';
import type { Proto } from '../engine/proto.js';
import type { Mutation } from '../engine/store.js';
import type { CliContext } from './context.js';

export function applyEvent(
  ctx: CliContext,
  molId: string,
  proto: Proto,
  event: MoleculeEvent,
): Promise<Result<Mutation>> {
  const now = ctx.io.now();
  return ctx.store.mutate(molId, (current) => transition(proto, current, event, now));
}
