/**
 * A gate step (`type = "gate"`, no `run`, no `agent`) has no work of its own: as soon as its needs
 * let it start, its gates are asked for, exactly as if someone had reported it done. Faces judge
 * the gates they can (a command or files locally, CI checks and timers on GitHub); an approval
 * still waits for its person, since waiting for one is that gate's meaning.
 */
import { complete } from './complete.js';
import type { Draft } from './draft.js';

/** Step i just became ready: on to awaiting its gates, which the faces are asked to judge. */
export function openGates(d: Draft, i: number): void {
  // A pour whose first step is a gate: the molecule starts with it, as with any first work.
  if (d.status === 'pending') d.moveMolecule('complete', 'in_progress');
  complete(d, { type: 'complete', step: d.step(i).id });
}
