/**
 * The CLI's part in the step protocol: the lease names this process (`mol resume` judges it by
 * its pid), the state is written to the local store and its effects carried out locally, a
 * distributed step works in a worktree of its own, nothing is pushed, and the step's output goes
 * to stderr with `--verbose`.
 */
import { ok, type ProtoStep, parseDuration, transition } from '../engine/index.js';
import type { StepHost } from '../shell/step/step-host.js';
import { carryOut } from './carry-out.js';
import type { CliContext } from './cli-context.js';
import { thisRun } from './local-run.js';

/** Lease length when a step sets no timeout: long, since `mol resume` judges local runs by their process. */
const DEFAULT_LEASE_MS = 24 * 3_600_000;

/** A step's own timeout bounds its lease (patrol fails it then anyway); otherwise a day. */
function leaseMs(def: ProtoStep): number {
  const timeout = def.timeout === undefined ? undefined : parseDuration(def.timeout);
  return timeout === undefined ? DEFAULT_LEASE_MS : timeout + 60_000;
}

export function cliStepHost(ctx: CliContext, options: { verbose?: boolean } = {}): StepHost {
  const run = thisRun();
  return {
    ...run,
    leaseTtlMs: leaseMs,
    now: () => ctx.io.now(),
    record: async (molId, proto, plan) => {
      const now = ctx.io.now();
      const written = await ctx.store.mutate(molId, (current) => {
        const event = plan(current);
        return event.ok ? transition(proto, current, event.value, now) : event;
      });
      if (!written.ok) return written;
      const { mol, effects } = written.value;
      const after = await carryOut(ctx, mol, proto, effects);
      // The write stands even when an effect fails: the executor stops on the problem.
      return ok(
        after.ok
          ? { written: mol, effects, mol: after.value, dispatched: [] }
          : { written: mol, effects, mol, dispatched: [], problem: after.error },
      );
    },
    place: { kind: 'worktree', repoDir: ctx.repoDir, worktreeRoot: ctx.worktreeRoot },
    push: false,
    env: process.env,
    log: () => {},
    ...(options.verbose ? { output: (chunk: string) => ctx.io.err(chunk) } : {}),
  };
}
