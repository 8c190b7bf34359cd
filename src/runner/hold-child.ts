import type { ChildProcess } from 'node:child_process';

/**
 * A long-lived child (a shell that starts git, an `update-ref --stdin`) keeps the event loop, and
 * so the runner, alive only while a call to it is in flight: an idle one must not hold `mol` open.
 */
export function holdChild(child: ChildProcess, busy: boolean): void {
  const handles = [child, child.stdin, child.stdout, child.stderr] as Array<
    { ref?: () => void; unref?: () => void } | null | undefined
  >;
  for (const handle of handles) {
    if (busy) handle?.ref?.();
    else handle?.unref?.();
  }
}
