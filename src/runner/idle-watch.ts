/**
 * Inactivity of a running process: no output and no change in its files for `idleMs`. Output is
 * reported as it comes (`alive`); files are looked at every `pollMs` through `probe`, whose answer
 * changing counts as activity. The clock and the timers are injected, so a test drives them.
 */

export interface IdleWatchOptions {
  idleMs: number;
  /** A fingerprint of the files the process works on; a new answer is activity. */
  probe?: () => Promise<string>;
  /** Called once, when the process has been idle for `idleMs`. */
  onIdle: () => void;
  /** How often the files are looked at (default: a tenth of `idleMs`, between 50 ms and 15 s). */
  pollMs?: number;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface IdleWatch {
  /** The process printed something. */
  alive(): void;
  stop(): void;
}

export function watchIdle(options: IdleWatchOptions): IdleWatch {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as NodeJS.Timeout));
  const pollMs = options.pollMs ?? Math.min(15_000, Math.max(50, Math.floor(options.idleMs / 10)));
  let last = now();
  let stopped = false;
  let timer: unknown;
  let seen: Promise<string | undefined> = options.probe
    ? options.probe().catch(() => undefined)
    : Promise.resolve(undefined);

  const tick = async () => {
    if (options.probe) {
      const before = await seen;
      seen = options.probe().catch(() => before);
      const after = await seen;
      if (after !== before) last = now();
    }
    if (stopped) return;
    if (now() - last >= options.idleMs) {
      stopped = true;
      options.onIdle();
      return;
    }
    timer = setTimer(() => void tick(), Math.min(pollMs, Math.max(1, options.idleMs - (now() - last))));
  };
  timer = setTimer(() => void tick(), Math.min(pollMs, options.idleMs));

  return {
    alive: () => {
      last = now();
    },
    stop: () => {
      stopped = true;
      clearTimer(timer);
    },
  };
}
