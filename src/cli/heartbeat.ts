/**
 * A step that runs for minutes without a word looks like a hung `mol run`. The heartbeat calls
 * `beat` with the time since the start whenever `everyMs` passed with no sign of life (`alive()`:
 * the step printed something the person can see), until stopped.
 */
export interface Heartbeat {
  alive(): void;
  stop(): void;
}

export function startHeartbeat(
  everyMs: number,
  beat: (elapsedMs: number) => void,
  now: () => number = () => performance.now(),
): Heartbeat {
  const start = now();
  let last = start;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number) => {
    timer = setTimeout(tick, ms);
    // Never what keeps the process alive: the step's own work does that.
    timer.unref?.();
  };
  // Re-armed from the last sign of life, rather than reset on every chunk of a chatty step.
  const tick = () => {
    const quiet = now() - last;
    if (quiet < everyMs) return arm(everyMs - quiet);
    last = now();
    beat(last - start);
    arm(everyMs);
  };
  if (Number.isFinite(everyMs) && everyMs > 0) arm(everyMs);
  return {
    alive: () => {
      last = now();
    },
    stop: () => clearTimeout(timer),
  };
}
