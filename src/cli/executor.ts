/**
 * The local executor (DESIGN §7, §10): ready steps that have a `run` are started under a lease,
 * run by the runner (a fresh worktree per step for distributed formulas), and completed or failed
 * through the store, until nothing is left that a command can do. Steps without `run` wait for
 * `mol done`; steps another live process holds are left to it.
 *
 * `jobs` steps run at once in distributed molecules, each in its own worktree. A local molecule
 * runs one step at a time: its steps share the working tree and commit to its branch.
 */
import { performance } from 'node:perf_hooks';
import type { Proto, ProtoStep } from '../engine/cook/proto.js';
import { err, type MolError, ok, type Result } from '../engine/errors.js';
import { holdsLease, leaseTtlMs, startsSteps } from '../engine/index.js';
import type { Molecule, StepState } from '../engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../engine/molecule/ops/events.js';
import { readySteps } from '../engine/molecule/scheduler.js';
import { runStep, type StepOutcome } from '../runner/index.js';
import { carryOutLocally } from '../shell/carry-out-locally.js';
import { changeMolecule } from '../shell/change-molecule.js';
import type { CliContext } from './cli-context.js';
import { startHeartbeat } from './heartbeat.js';
import { thisRun } from './local-run.js';
import { failureText, finishedLine, startedLine, stillRunningLine } from './progress-lines.js';
import { PLAIN, type Style } from './style.js';

export interface ExecuteOptions {
  jobs?: number;
  /** Where progress lines go (default: stdout). */
  print?: (line: string) => void;
  /** How progress lines look (default: plain). */
  style?: Style;
  /** Stream each step's output to stderr. */
  verbose?: boolean;
  /** A quiet step gets a `still running` line this often (default 30 s). */
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 30_000;

export async function execute(
  ctx: CliContext,
  start: Molecule,
  proto: Proto,
  options: ExecuteOptions = {},
): Promise<Result<Molecule>> {
  const print = options.print ?? ((line: string) => ctx.io.out(line));
  const style = options.style ?? (options.print === undefined ? ctx.io.style : PLAIN);
  const jobs = proto.execution === 'local' ? 1 : Math.max(1, options.jobs ?? 1);
  const defs = new Map(proto.steps.map((s) => [s.id, s]));
  const run = thisRun();
  const running = new Map<string, Promise<void>>();
  // Steps another process holds or that moved on before we could start them: not ours this time.
  const passed = new Set<string>();
  let latest = start;
  let fatal: MolError | undefined;
  const adopt = (mol: Molecule) => {
    if (mol.rev >= latest.rev) latest = mol;
  };

  const runOne = async (def: ProtoStep, before: StepState): Promise<void> => {
    print(startedLine(before, def, style));
    const t0 = performance.now();
    const heartbeat = startHeartbeat(options.heartbeatMs ?? HEARTBEAT_MS, (ms) =>
      print(stillRunningLine(def.id, ms, style)),
    );
    const outcome = await runStep({
      repoDir: ctx.repoDir,
      molId: latest.id,
      step: def,
      execution: proto.execution,
      baseBranches: baseBranchesOf(latest, def),
      baseRef: latest.base.sha ?? latest.base.ref,
      worktreeRoot: ctx.worktreeRoot,
      vars: latest.vars,
      inputs: inputsOf(proto, def),
      now: () => ctx.io.now(),
      ...(options.verbose
        ? {
            onOutput: (chunk: string) => {
              heartbeat.alive();
              ctx.io.err(chunk);
            },
          }
        : {}),
    }).finally(() => heartbeat.stop());
    const ms = performance.now() - t0;
    const applied = await changeMolecule(
      ctx.store,
      proto,
      latest.id,
      eventFor(def.id, outcome, run.holder),
      ctx.io.now(),
    );
    if (!applied.ok) {
      // The step was rolled back, skipped or burned while it ran: its result no longer counts.
      ctx.io.err(`mol: warning: the result of ${def.id} was not recorded: ${applied.error.message}`);
      passed.add(def.id);
      return;
    }
    adopt(applied.value.mol);
    print(finishedLine(before, applied.value.mol, def, outcome, ms, style));
    const after = await carryOutLocally(ctx, applied.value.mol, proto, applied.value.effects);
    if (!after.ok) fatal ??= after.error;
    else adopt(after.value);
  };

  const stopOnSignal = interrupted(ctx, latest.id, () => [...running.keys()]);
  try {
    await loop();
  } finally {
    stopOnSignal();
  }
  if (fatal !== undefined) return { ok: false, error: fatal };
  // Another process may have moved the molecule meanwhile: report what is stored.
  const stored = await ctx.store.load(latest.id);
  if (!stored.ok) return stored;
  return stored.value === undefined ? err('not-found', `molecule "${latest.id}" is gone`) : ok(stored.value);

  async function loop(): Promise<void> {
    for (;;) {
      if (fatal === undefined && startsSteps(latest.status)) {
        for (const id of readySteps(proto, latest)) {
          if (running.size >= jobs) break;
          const def = defs.get(id);
          if (def?.run === undefined || running.has(id) || passed.has(id)) continue;
          const started = await changeMolecule(
            ctx.store,
            proto,
            latest.id,
            {
              type: 'start',
              step: id,
              lease: { ...run, ttlMs: leaseTtlMs(def, 'local') },
              by: run.holder,
            },
            ctx.io.now(),
          );
          if (!started.ok) {
            if (started.error.code === 'not-found') {
              fatal = started.error;
              break;
            }
            passed.add(id);
            continue;
          }
          adopt(started.value.mol);
          const step = started.value.mol.steps.find((s) => s.id === id);
          if (step === undefined || !holdsLease(step, run.runId)) {
            passed.add(id);
            continue;
          }
          const job = runOne(def, step).catch((e: unknown) => {
            fatal ??= { code: 'internal-error', message: `running ${id} failed: ${(e as Error).message}` };
          });
          running.set(
            id,
            job.finally(() => running.delete(id)),
          );
        }
      }
      if (running.size === 0) break;
      await Promise.race(running.values());
    }
  }
}

/**
 * Ctrl-C (or a kill) while steps run: their commands live in their own process groups and are not
 * ours to stop, and their steps stay in progress under this run's lease. Say so, and how to go on.
 */
function interrupted(ctx: CliContext, molId: string, runningSteps: () => string[]): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    const steps = runningSteps();
    const what = steps.length > 0 ? `; ${steps.join(', ')} stayed in progress` : '';
    ctx.io.err(`mol: interrupted${what}. Continue with: mol resume ${molId}`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

/** What the runner's outcome means for the step, as an engine event. */
export function eventFor(step: string, outcome: StepOutcome, by: string): MoleculeEvent {
  const record = {
    ...(outcome.checkpoint === undefined ? {} : { checkpoint: outcome.checkpoint }),
    ...(outcome.branch === undefined ? {} : { branch: outcome.branch }),
  };
  // Gate results, passing, waiting or failing, go through `complete` so the engine judges them.
  if (outcome.status !== 'failed' || outcome.gates.some((g) => g.passed === false)) {
    return { type: 'complete', step, gates: outcome.gates, by, ...record };
  }
  return { type: 'fail', step, error: failureText(outcome), by };
}

/** The branches of the steps this one needs, in needs order (the engine's dispatch effect says the same). */
function baseBranchesOf(mol: Molecule, def: ProtoStep): string[] {
  const branches: string[] = [];
  for (const need of def.needs) {
    const branch = mol.steps.find((s) => s.id === need)?.branch;
    if (branch !== undefined) branches.push(branch);
  }
  return branches;
}

/** `output` paths along the needs chain, nearest first: the step's input artifacts. */
function inputsOf(proto: Proto, def: ProtoStep): string[] {
  const defs = new Map(proto.steps.map((s) => [s.id, s]));
  const seen = new Set<string>();
  const inputs: string[] = [];
  let frontier = def.needs;
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const id of frontier) {
      if (seen.has(id)) continue;
      seen.add(id);
      const need = defs.get(id);
      if (need === undefined) continue;
      if (need.output !== undefined && !inputs.includes(need.output)) inputs.push(need.output);
      next.push(...need.needs);
    }
    frontier = next;
  }
  return inputs;
}
