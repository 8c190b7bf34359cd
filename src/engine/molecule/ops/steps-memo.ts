/**
 * What the engine remembers about a steps array it has seen or built, so the next transition
 * given that array skips work: the proto it matches (no id-by-id comparison) and the position of
 * a step that was open there (where the search for an open step starts; a hint, always checked).
 * One WeakMap entry per array, written once per transition: a map per fact cost an entry each.
 */
import type { Proto } from '../../cook/proto.js';
import type { StepState } from '../molecule-schema.js';

export interface StepsMemo {
  readonly proto: Proto;
  readonly open?: number;
}

const memos = new WeakMap<readonly StepState[], StepsMemo>();

export function memoOf(steps: readonly StepState[]): StepsMemo | undefined {
  return memos.get(steps);
}

export function remember(steps: readonly StepState[], proto: Proto, open?: number): void {
  memos.set(steps, open === undefined ? { proto } : { proto, open });
}
