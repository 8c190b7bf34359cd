/**
 * The local executor: ready steps that have a `run` or an `agent` go through the step protocol —
 * started under a lease, run (in a fresh worktree per step for distributed formulas; an agent as a
 * fresh process with the step's prompt on stdin), and completed or failed through the store —
 * until nothing is left that a command can do. Other steps wait for `mol done`; steps another live
 * process holds are left to it.
 *
 * `jobs` steps run at once in distributed molecules, each in its own worktree. A local molecule
 * runs one step at a time: its steps share the working tree and commit to its branch.
 */
import { performance } from 'node:perf_hooks';
import {
  err,
  type MolError,
  type Molecule,
  ok,
  type Proto,
  type ProtoStep,
  type Result,
  readySteps,
  type StepState,
  startsSteps,
  withFanouts,
} from '../engine/index.js';
import { forgetAttemptBases } from '../runner/attempt-refs.js';
import { endGroup, type GroupIdentity } from '../runner/process-group.js';
import { runsUnattended } from '../shell/step/agent-command.js';
import { finishStep } from '../shell/step/finish-step.js';
import { runStepCommand } from '../shell/step/run-step-command.js';
import { startStep } from '../shell/step/start-step.js';
import type { Recorded } from '../shell/step/step-host.js';
import { stepJob } from '../shell/step/step-job.js';
import type { StepOutcome } from '../shell/step/step-outcome.js';
import type { CliContext } from './cli-context.js';
import { type Heartbeat, startHeartbeat } from './heartbeat.js';
import { localPrices } from './local-prices.js';
import { cliStepHost } from './local-step-host.js';
import { finishedLine, markedLine, startedLine, stillRunningLine } from './progress-lines.js';
import { PLAIN, type Style } from './style.js';
import { holdWorkingTree } from './tree-lock.js';

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
  /** Ready steps not to start this time (a step verb runs only what it made ready). */
  leave?: ReadonlySet<string>;
}

const HEARTBEAT_MS = 30_000;

export async function execute(
  ctx: CliContext,
  start: Molecule,
  proto: Proto,
  options: ExecuteOptions = {},
): Promise<Result<Molecule>> {
  const print = options.print ?? ((line: string) => ctx.io.out(line));
  const jobs = proto.execution === 'local' ? 1 : Math.max(1, options.jobs ?? 1);
  // A fan-out adds steps as it runs (engine molecule/fanout.ts): their definitions come with the molecule.
  const current = () => withFanouts(proto, latest);
  const defsByProto = new WeakMap<Proto, Map<string, ProtoStep>>();
  const defsOf = (p: Proto) => {
    let defs = defsByProto.get(p);
    if (!defs) {
      defs = new Map(p.steps.map((s) => [s.id, s]));
      defsByProto.set(p, defs);
    }
    return defs;
  };
  const style = options.style ?? PLAIN;
  // Output a person sees keeps every running step's heartbeat quiet; hidden output does not.
  const heartbeats = new Set<Heartbeat>();
  const groups = new Map<string, GroupIdentity>();
  // Read once, before any step starts: a broken price table stops the run, not one agent.
  const prices = await localPrices(ctx.repoDir);
  if (!prices.ok) return prices;
  const host = cliStepHost(ctx, {
    groups,
    ...(prices.value === undefined ? {} : { prices: prices.value }),
    ...(options.verbose
      ? {
          output: (chunk: string) => {
            for (const h of heartbeats) h.alive();
            ctx.io.err(chunk);
          },
        }
      : {}),
  });
  let stopping = false;
  const running = new Map<string, Promise<void>>();
  // Steps another process holds or that moved on before we could start them: not ours this time.
  const passed = new Set<string>(options.leave);
  let latest = start;
  let fatal: MolError | undefined;
  const adopt = (mol: Molecule) => {
    if (mol.rev >= latest.rev) latest = mol;
  };

  const runOne = async (def: ProtoStep): Promise<void> => {
    const job = stepJob(host, latest, current(), def.id);
    if (!job.ok) {
      fatal ??= job.error;
      return;
    }
    const leasing = job.value;
    let before: StepState | undefined;
    let t0 = 0;
    let beat: Heartbeat | undefined;
    try {
      await runLeased();
    } finally {
      beat?.stop();
      if (beat) heartbeats.delete(beat);
    }

    async function runLeased(): Promise<void> {
      const started = await startStep(leasing, {
        leased: (leased) => {
          before = leased.state;
          adopt(leased.mol);
          print(startedLine(leased.state, def, style));
          t0 = performance.now();
          // From the lease to the recorded result: the command, then its gates.
          beat = startHeartbeat(options.heartbeatMs ?? HEARTBEAT_MS, (ms) =>
            print(stillRunningLine(def.id, ms, style)),
          );
          heartbeats.add(beat);
        },
      });
      if (!started.ok) {
        if (cannotWrite(started.error)) fatal ??= unwritten(def.id, started.error);
        else if (before !== undefined) notRecorded(def.id, started.error);
        else if (started.error.code === 'not-found') fatal ??= started.error;
        passed.add(def.id);
        return;
      }
      const outcome = started.value;
      if (outcome.kind === 'nothing' || before === undefined) {
        passed.add(def.id);
        return;
      }
      if (outcome.kind === 'failed') {
        finished(before, def, outcome.outcome, outcome.recorded, performance.now() - t0);
        return;
      }
      if (outcome.checkout.ended)
        print(
          markedLine(
            '↺',
            `${def.id}: its command had ended with success before mol stopped; recording that work, not running it again`,
            style,
          ),
        );
      const ran = await runStepCommand(outcome.job, outcome.checkout, outcome.prompt);
      // Interrupted: the step stays in progress for `mol resume`; the process exits once its group is gone.
      if (stopping) return new Promise<void>(() => {});
      const done = await finishStep({ job: outcome.job, checkout: outcome.checkout, ran });
      const ms = performance.now() - t0;
      if (!done.ok) {
        if (cannotWrite(done.error)) fatal ??= unwritten(def.id, done.error);
        else notRecorded(def.id, done.error);
        passed.add(def.id);
        return;
      }
      finished(before, def, done.value.outcome, done.value, ms);
    }
  };

  /**
   * The store could not be written (a full disk): an error, not a step left to someone else. What
   * the step did stays where it is; its command's exit status is on disk beside its attempt record.
   */
  const unwritten = (id: string, error: MolError): MolError => ({
    ...error,
    message: `the result of ${id} could not be recorded: ${error.message}. Once the store can be written again, mol resume ${latest.id} picks it up (a command that succeeded is not run again)`,
  });

  /** The step was rolled back, skipped or burned while it ran: its result no longer counts. */
  const notRecorded = (id: string, error: MolError) =>
    ctx.io.err(`mol: warning: the result of ${id} was not recorded: ${error.message}`);

  const finished = (
    before: StepState,
    def: ProtoStep,
    outcome: StepOutcome,
    recorded: Recorded,
    ms: number,
  ) => {
    adopt(recorded.written);
    print(finishedLine(before, recorded.written, def, outcome, ms, style));
    if (recorded.problem !== undefined) fatal ??= recorded.problem;
    else adopt(recorded.mol);
  };

  // A local molecule's steps work in the tree itself: no other local molecule runs there meanwhile.
  const runnable = readySteps(proto, start).some((id) =>
    runsUnattended(defsOf(withFanouts(proto, start)).get(id)),
  );
  const tree = proto.execution === 'local' && runnable ? await holdWorkingTree(ctx, start.id) : undefined;
  if (tree !== undefined && !tree.ok) return tree;
  // Another live process runs this molecule here: its steps are that one's (as with a held lease).
  const leftToOther = tree !== undefined && tree.value === undefined;
  const stopOnSignal = interrupted(
    ctx,
    latest.id,
    () => [...running.keys()],
    groups,
    () => {
      stopping = true;
    },
  );
  try {
    await loop();
  } finally {
    stopOnSignal();
    // Finished steps' worktrees still being removed (step-host.ts `lingering`).
    await Promise.all(host.lingering ?? []);
    // Completed steps' attempt bases not yet forgotten with a next step's (step-host.ts).
    for (const [cwd, bases] of host.completedBases ?? []) await forgetAttemptBases(cwd, bases);
    await tree?.value?.release();
  }
  if (fatal !== undefined) return { ok: false, error: fatal };
  // Another process may have moved the molecule meanwhile: report what is stored.
  const stored = await ctx.store.load(latest.id);
  if (!stored.ok) return stored;
  return stored.value === undefined ? err('not-found', `molecule "${latest.id}" is gone`) : ok(stored.value);

  async function loop(): Promise<void> {
    for (;;) {
      if (fatal === undefined && !stopping && !leftToOther && startsSteps(latest.status)) {
        const now = current();
        for (const id of readySteps(now, latest)) {
          if (running.size >= jobs) break;
          const def = defsOf(now).get(id);
          if (!runsUnattended(def) || def === undefined || running.has(id) || passed.has(id)) continue;
          const job = runOne(def).catch((e: unknown) => {
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
 * Ctrl-C, a kill or a closed terminal while steps run: their commands live in process groups of
 * their own (a step's `sleep 30 &` must not outlive it), so the signal does not reach them by
 * itself. It is forwarded to each group, `mol` waits until they are gone (SIGKILL after a grace),
 * and their steps stay in progress under this run's lease for `mol resume`.
 */
function interrupted(
  ctx: CliContext,
  molId: string,
  runningSteps: () => string[],
  groups: ReadonlyMap<string, GroupIdentity>,
  stop: () => void,
): () => void {
  let seen = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (seen) return;
    seen = true;
    stop();
    const steps = runningSteps();
    const what = steps.length > 0 ? `; ${steps.join(', ')} stopped and stayed in progress` : '';
    ctx.io.err(`mol: interrupted${what}. Continue with: mol resume ${molId}`);
    void Promise.all([...groups.values()].map((group) => endGroup(group, { signal }))).finally(() =>
      process.exit(EXIT_ON[signal] ?? 143),
    );
  };
  for (const signal of FORWARDED) process.on(signal, onSignal);
  return () => {
    for (const signal of FORWARDED) process.off(signal, onSignal);
  };
}

/** A write to the local store that failed (a full disk, a lost mount), as opposed to a step that moved on. */
function cannotWrite(error: MolError): boolean {
  return error.code === 'store-io' || error.code === 'lock-failed';
}

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const EXIT_ON: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 };
