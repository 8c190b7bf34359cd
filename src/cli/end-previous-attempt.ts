/**
 * Before a step whose runner is gone goes back to ready, the attempt that runner started must be
 * over: its command's process group (the lease records it) is ended here if it still runs. A group
 * on another host (a shared file system) cannot be judged from here, so that step is left alone.
 */
import { hostname } from 'node:os';
import type { StepState } from '../engine/index.js';
import { endGroup, groupAlive } from '../runner/process-group.js';

export type PreviousAttempt =
  /** No process recorded, or it has ended: the step may be released. */
  | { kind: 'over'; ended?: number }
  /** Its group runs on another host: not ours to end. */
  | { kind: 'elsewhere'; host: string };

export async function endPreviousAttempt(
  step: StepState,
  announce: (pgid: number) => void = () => {},
): Promise<PreviousAttempt> {
  const recorded = step.lease?.process;
  if (recorded === undefined) return { kind: 'over' };
  if (recorded.host !== hostname()) return { kind: 'elsewhere', host: recorded.host };
  const group = {
    pgid: recorded.pgid,
    ...(recorded.startTime === undefined ? {} : { startTime: recorded.startTime }),
  };
  if (!groupAlive(group)) return { kind: 'over' };
  announce(recorded.pgid);
  await endGroup(group);
  return { kind: 'over', ended: recorded.pgid };
}
