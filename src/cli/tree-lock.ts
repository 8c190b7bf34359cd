/**
 * One local-execution molecule at a time per working tree. Its steps run in the tree itself and
 * each commits what changed there, so a second molecule's step writing beside it would be swept
 * into the first one's commit (and its checkpoint would list files the commit lacks). The run that
 * starts local steps holds a lock file in the repository's git directory naming its molecule and
 * pid; another run is refused with that name. A lock whose holder is gone is taken over, through the
 * store's lock protocol (one taker wins), unless that run left a step of its molecule unfinished in
 * the tree (running on, or its work half done): then only that molecule's resume goes on.
 */
import { hostname } from 'node:os';
import { err, ok, type Result } from '../engine/index.js';
import {
  acquireFileLock,
  type FileLock,
  isAlive,
  type LockHolder,
  readHolder,
} from '../local/store/file-lock.js';
import { gitText } from '../runner/git.js';
import { groupAlive } from '../runner/process-group.js';
import type { CliContext } from './cli-context.js';

/**
 * The lock for `molId`'s run, or undefined when another live process runs that same molecule here
 * (its steps are that process's to run, as their leases say).
 */
export async function holdWorkingTree(ctx: CliContext, molId: string): Promise<Result<FileLock | undefined>> {
  const path = await lockPath(ctx.repoDir);
  if (!path.ok) return path;
  const busy = await refusal(ctx, path.value, molId);
  if (busy !== undefined) return busy.holder?.about === molId ? ok(undefined) : err('lock-held', busy.line);
  const lock = await acquireFileLock(path.value, {
    timeoutMs: 0,
    staleMs: Number.POSITIVE_INFINITY,
    about: molId,
  });
  if (lock.ok || lock.error.code !== 'lock-timeout') return lock;
  const holder = readHolder(path.value);
  if (holder !== 'gone' && holder?.about === molId) return ok(undefined);
  return err('lock-held', heldLine(holder === 'gone' ? undefined : holder));
}

/** Why a local molecule may not start here now, or undefined when the tree is free (or held by this process). */
export async function workingTreeBusy(ctx: CliContext): Promise<string | undefined> {
  const path = await lockPath(ctx.repoDir);
  return path.ok ? (await refusal(ctx, path.value))?.line : undefined;
}

async function lockPath(repoDir: string): Promise<Result<string>> {
  return gitText(repoDir, ['rev-parse', '--path-format=absolute', '--git-path', 'molecular-local-run.lock']);
}

interface Busy {
  line: string;
  holder?: LockHolder;
}

async function refusal(ctx: CliContext, path: string, molId?: string): Promise<Busy | undefined> {
  const holder = readHolder(path);
  if (holder === 'gone') return undefined;
  if (holder === undefined) return { line: heldLine(undefined) };
  if (holder.pid === process.pid && holder.host === hostname()) return undefined;
  if (holder.host !== hostname() || isAlive(holder.pid)) return { line: heldLine(holder), holder };
  const line = await unfinishedLine(ctx, holder, molId);
  return line === undefined ? undefined : { line };
}

function heldLine(holder: LockHolder | undefined): string {
  const who = holder?.about === undefined ? 'a local molecule' : `molecule ${holder.about}`;
  const where =
    holder === undefined
      ? ''
      : ` (pid ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`})`;
  return `${who} is running here${where}; wait, or use execution = "distributed" for worktrees`;
}

/**
 * The holder is gone. A step it left in progress has its work in the tree (and may still run): a
 * molecule other than its own starting now would mix with it, so only that one's resume goes on.
 */
async function unfinishedLine(
  ctx: CliContext,
  holder: LockHolder,
  molId?: string,
): Promise<string | undefined> {
  if (holder.about === undefined || holder.about === molId) return undefined;
  const loaded = await ctx.store.load(holder.about);
  if (!loaded.ok || loaded.value === undefined) return undefined;
  const step = loaded.value.steps.find((s) => s.status === 'in_progress');
  if (step === undefined) return undefined;
  const gone = `molecule ${holder.about}'s runner (pid ${holder.pid}) is gone`;
  const recorded = step.lease?.process;
  const group =
    recorded === undefined || recorded.host !== hostname()
      ? undefined
      : {
          pgid: recorded.pgid,
          ...(recorded.startTime === undefined ? {} : { startTime: recorded.startTime }),
        };
  const what =
    group !== undefined && groupAlive(group)
      ? `but its step ${step.id} still runs here (process group ${group.pgid})`
      : `and left its step ${step.id} unfinished in this tree`;
  return `${gone}, ${what}; mol resume ${holder.about} ends that attempt and runs on (or mol burn ${holder.about} --force drops it)`;
}
