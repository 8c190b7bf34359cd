/**
 * A timer gate (`{type = "timer", after = "2h"}`) passes once `after` has gone by since the step
 * began waiting on its gates. Nothing but a clock decides it, so every face (the runner after a
 * step's work, patrol in the App and the CLI) judges it here, against the clock it is given.
 */
import { formatDuration, parseDuration } from '../duration.js';
import type { GateResult } from './molecule-schema.js';

export function judgeTimer(after: string, awaitingSince: string | undefined, now: Date): GateResult {
  const waitMs = parseDuration(after);
  if (waitMs === undefined) return { type: 'timer', passed: false, detail: `"${after}" is not a duration` };
  // Not waiting yet (judged as the step's work finishes): the time starts when it begins to wait.
  if (awaitingSince === undefined)
    return { type: 'timer', passed: null, detail: `waiting ${after} once the step awaits its gates` };
  const due = Date.parse(awaitingSince) + waitMs;
  const left = due - now.getTime();
  if (left <= 0)
    return { type: 'timer', passed: true, detail: `${after} have passed since ${awaitingSince}` };
  return {
    type: 'timer',
    passed: null,
    detail: `waiting until ${new Date(due).toISOString()} (${formatDuration(left)} of ${after} left)`,
  };
}
