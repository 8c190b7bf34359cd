/**
 * `delivered`: the face built the result branch or opened, found, merged or closed the pull
 * request. Recording what is already recorded changes nothing, so a redelivered event or a second
 * replica that found the same pull request writes nothing.
 */
import { ok, type Result } from '../../errors.js';
import type { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';

export function delivered(d: Draft, e: Extract<MoleculeEvent, { type: 'delivered' }>): Result<void> {
  const was = d.field('delivery');
  const next = { ...was, ...e.delivery };
  if (
    was !== undefined &&
    was.branch === next.branch &&
    was.pr === next.pr &&
    was.url === next.url &&
    was.state === next.state
  )
    return ok(undefined);
  d.set('delivery', next);
  const what = next.pr === undefined ? next.branch : `#${next.pr}${next.state ? ` (${next.state})` : ''}`;
  d.record('delivered', { by: e.by, note: what });
  return ok(undefined);
}
