import { err, ok, type Result } from '../../errors.js';
import type { Draft } from './draft.js';

/** The step's position, or an error that lists the steps there are. */
export function findStep(d: Draft, id: string): Result<number> {
  const i = d.position(id);
  if (i !== undefined) return ok(i);
  const ids = d.index.steps.map((s) => s.id);
  const listed = ids.length > 20 ? `${ids.slice(0, 20).join(', ')}, …` : ids.join(', ');
  return err('unknown-step', `molecule "${d.base.id}" has no step "${id}"; its steps are ${listed}`);
}
