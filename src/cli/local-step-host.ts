/**
 * The CLI's part in the step protocol: the lease names this process (`mol resume` judges it by
 * its pid) and the process group of the step's command, the state is written to the local store and
 * its effects carried out locally, a distributed step works in a worktree of its own, nothing is
 * pushed, and the step's output goes to stderr with `--verbose`.
 */
import { hostname } from 'node:os';
import { join } from 'node:path';
import { leaseTtlMs, ok, type PriceTable } from '../engine/index.js';
import type { GroupIdentity } from '../runner/process-group.js';
import { carryOutLocally } from '../shell/carry-out-locally.js';
import { changeMolecule } from '../shell/change-molecule.js';
import type { StepHost } from '../shell/step/step-host.js';
import { recordLeaseProcess } from '../shell/step/take-lease.js';
import type { CliContext } from './cli-context.js';
import { localMentions } from './local-mentions.js';
import { thisRun } from './local-run.js';

export interface CliStepHostOptions {
  output?: (chunk: string) => void;
  /** The process groups of the commands running now, by step: where a signal to `mol` is forwarded. */
  groups?: Map<string, GroupIdentity>;
  /** The `prices` of `.github/molecular.yml` (local-prices.ts). */
  prices?: PriceTable;
}

export function cliStepHost(ctx: CliContext, options: CliStepHostOptions = {}): StepHost {
  const run = thisRun();
  const { groups } = options;
  return {
    ...run,
    leaseTtlMs: (def) => leaseTtlMs(def, 'local'),
    now: () => ctx.io.now(),
    record: async (molId, proto, plan) => {
      const written = await changeMolecule(ctx.store, proto, molId, plan, ctx.io.now());
      if (!written.ok) return written;
      const { mol, effects } = written.value;
      const after = await carryOutLocally(ctx, mol, proto, effects);
      // The write stands even when an effect fails: the executor stops on the problem.
      return ok(
        after.ok
          ? { written: mol, effects, mol: after.value, dispatched: [] }
          : { written: mol, effects, mol, dispatched: [], problem: after.error },
      );
    },
    place: {
      kind: 'worktree',
      repoDir: ctx.repoDir,
      worktreeRoot: ctx.worktreeRoot,
      attemptsDir: join(ctx.store.dir, 'attempts'),
    },
    push: false,
    env: process.env,
    ...(options.prices === undefined ? {} : { prices: options.prices }),
    mentions: (text) => localMentions(ctx.repoDir, text),
    log: () => {},
    // Progress goes to stderr; this one also when nothing else is printed, since files left the tree.
    notice: (line) => ctx.io.err(`mol: ${line}`),
    ...(options.output ? { output: options.output } : {}),
    commandSpawned: async (job, group) => {
      groups?.set(job.def.id, group);
      return recordLeaseProcess(job, {
        host: hostname(),
        pgid: group.pgid,
        ...(group.startTime === undefined ? {} : { startTime: group.startTime }),
      });
    },
    commandEnded: (job) => {
      groups?.delete(job.def.id);
    },
    gitConfigAfter: new Map(),
    completedBases: new Map(),
    treeAfter: new Map(),
    lingering: new Set(),
  };
}
