/**
 * What the step protocol needs from the face that runs it: who holds the lease, where the state is
 * written (and what a write sets off), where the step's checkout is, whether its branch is pushed,
 * and where its progress and output go. The CLI and the Action each build one; the protocol itself
 * (start-step.ts, finish-step.ts) is the same for both.
 */
import type {
  Effect,
  MolError,
  Molecule,
  MoleculeEvent,
  PriceTable,
  Proto,
  ProtoStep,
  ResolvedMentions,
  Result,
  StepState,
} from '../../engine/index.js';
import type { AttemptOf } from '../../runner/attempt-refs.js';
import type { GroupIdentity } from '../../runner/process-group.js';
import type { TreeStatus } from '../../runner/tree-status.js';

/** The event a report writes, chosen on the molecule as read under the store's lock. */
export type EventPlan = (current: Molecule) => Result<MoleculeEvent>;

export interface Recorded {
  /** The molecule as written, before its effects were carried out. */
  written: Molecule;
  effects: Effect[];
  /** The molecule after the effects (gate results judged there may have moved it). */
  mol: Molecule;
  /** Steps whose job the effects started. */
  dispatched: string[];
  /** An effect that could not be carried out; the write stands. */
  problem?: MolError;
}

/**
 * Where the step works.
 * - `worktree`: the CLI's. A local formula's steps run in the working tree itself, one after the
 *   other; a distributed formula's step gets a fresh worktree under `worktreeRoot`.
 * - `checkout`: the Action's. The step's branch is built in a scratch worktree under `scratchRoot`
 *   and then checked out in the job's own checkout, where a user's agent action works between the
 *   two halves.
 */
export type StepPlace =
  | {
      kind: 'worktree';
      repoDir: string;
      worktreeRoot: string;
      /** Where each attempt's checkout and its command's exit status are kept (ended-attempt.ts). */
      attemptsDir?: string;
    }
  | { kind: 'checkout'; workspace: string; scratchRoot: string };

export interface StepHost {
  /** The lease holder (`local:<pid>`, `actions:<run id>`): who the state says works on the step. */
  holder: string;
  /** The run the lease names: what patrol and `mol resume` check for life. */
  runId: string;
  leaseTtlMs(def: ProtoStep): number;
  now(): Date;
  /** Writes one event through the face's write path and carries out what it sets off. */
  record(molId: string, proto: Proto, plan: EventPlan): Promise<Result<Recorded>>;
  place: StepPlace;
  /** The remote the needs' branches are fetched from, and a step branch is pushed to. */
  remote?: string;
  /**
   * Credentials for the git calls that fetch from and push to `remote`, added to those calls'
   * environment alone: never written to disk, never seen by the step (remote-auth.ts).
   */
  remoteEnv?: Record<string, string>;
  /** Push the step's branch once its work is committed (the next step may run elsewhere). */
  push: boolean;
  /** The environment under the step's `MOL_*` variables; the command and its gates see nothing else. */
  env: NodeJS.ProcessEnv;
  /** The config's `prices`: the cost of an agent whose CLI reports tokens but no USD. */
  prices?: PriceTable;
  /** `@mentions` of the step's text resolved to context files; without it the prompt has none. */
  mentions?: (text: string) => Promise<ResolvedMentions>;
  /** A progress line for the face's log (pushed, gate verdicts). */
  log(line: string): void;
  /**
   * A line a person must see even when the log is off: work of theirs moved out of the way (an
   * unfinished attempt set aside, untracked files included). Faces without it use `log`.
   */
  notice?(line: string): void;
  /** What the command and its gates print, as it comes. */
  output?: (chunk: string) => void;
  /**
   * Wraps the stretch in which the command or the gates print, and the gate verdicts that quote
   * them: the Action fences it so the runner takes no line of it for a workflow command.
   */
  enclose?<T>(run: () => Promise<T>): Promise<T>;
  /**
   * The step's command was spawned, held (see `runCommand`'s `onSpawn`): record its process group
   * in the lease and answer whether it may run. Without it the command runs at once.
   */
  commandSpawned?(job: StepJob, group: GroupIdentity): Promise<boolean>;
  /** The step's command and everything in its group ended. */
  commandEnded?(job: StepJob, group: GroupIdentity): void;
  /**
   * Git's configuration as a completed step's finish half read it, by working tree (local
   * execution, one step at a time): the next step there starts from it instead of reading it again.
   * Whatever changes it in between (a gate, the person) then counts as that next step's change and
   * is refused, never absorbed into its "before". Faces that run one step per process leave it out.
   */
  gitConfigAfter?: Map<string, string[]>;
  /**
   * Attempt bases of steps that completed in a working tree (attempt-refs.ts), by working tree:
   * forgotten in the same `update-ref --stdin` that records the next step's base there, or by the
   * face when its run ends, rather than by a process of their own. A crash in between leaves a
   * completed step's base behind, which nothing reads (a step run again finds it completed and
   * forgets it). Faces that run one step per process leave it out: each base is forgotten at once.
   */
  completedBases?: Map<string, AttemptOf[]>;
  /**
   * The working tree as a completed step left it, by working tree (local execution): its finish
   * half's `git status` less what its commit took, when that is all the commit did and no gate ran
   * a command after it. The next step there starts from it instead of asking git again; anything
   * else (a failure, a gate, a commit git summarised otherwise) leaves none. Like `gitConfigAfter`,
   * a person's edit in between counts as the next step's, as one made while it runs does.
   */
  treeAfter?: Map<string, TreeStatus>;
  /**
   * Work a step's finish leaves running while the next step starts: its worktree's removal, once
   * its completion is recorded. The face waits for all of it before it exits; a face without it
   * has each finish wait for its own.
   */
  lingering?: Set<Promise<void>>;
}

/**
 * One step as the protocol carries it: the face that runs it, the molecule with its proto, and the
 * step's definition and state as last seen (step-job.ts builds and follows it).
 */
export interface StepJob {
  host: StepHost;
  mol: Molecule;
  /** With the retries every face transitions it with. */
  proto: Proto;
  def: ProtoStep;
  state: StepState;
}
