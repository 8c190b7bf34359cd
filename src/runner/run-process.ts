/**
 * Runs a step's shell command (`sh -c <run>`) in its own process group, so a timeout, or the end of
 * the step, takes down everything it started: `make` and its compilers, `sleep 30 &`, a dev server.
 * The command text comes from the formula on the default branch; values from issues and vars reach
 * it only through the environment (see step-env.ts).
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { err, ok, type Result, type Usage } from '../engine/index.js';
import { type IdleWatch, watchIdle } from './idle-watch.js';
import { type GroupIdentity, identifyGroup } from './process-group.js';

export type OutputStream = 'stdout' | 'stderr';

export interface RunCommandOptions {
  cwd: string;
  run: string;
  /** Added to the runner's own environment (or used alone with `inheritEnv: false`). */
  env?: Record<string, string>;
  inheritEnv?: boolean;
  timeoutMs?: number;
  /** Between SIGTERM and SIGKILL (default 2 s). */
  graceMs?: number;
  onOutput?: (chunk: string, stream: OutputStream) => void;
  /** How much of the end of the output to keep (default 4096 bytes). */
  tailBytes?: number;
  /** Written to the command's stdin, which is then closed (default: no stdin). */
  input?: string;
  /** Stops the command after `ms` without output and without a new `probe` answer (an agent's files). */
  idle?: { ms: number; probe?: () => Promise<string> };
  /**
   * Called with the new process group before the command runs: the command is held until this
   * settles, and never runs when it answers false or the runner dies first. The caller records the
   * group where a later run will look for it, so no attempt can run unrecorded.
   */
  onSpawn?: (group: GroupIdentity) => Promise<boolean>;
  /** With `onSpawn`: where the shell writes the command's exit status once it ends. */
  exitFile?: string;
  /**
   * Each whole line of stdout, as it comes: what it answers is what the output shows (and the tail
   * keeps) instead — an agent's JSON turned into its text. The last line without a newline is
   * given when the command ends.
   */
  stdoutLine?: (line: string) => string;
  /** Aborting it stops the command's whole group (a budget reached); its reason is kept in `stoppedFor`. */
  stop?: AbortSignal;
}

export interface CommandOutcome {
  /** null when a signal ended the command. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  durationMs: number;
  /** The last `tailBytes` of stdout and stderr together, in the order they arrived. */
  outputTail: string;
  /** The shell's pid, which is also the process group id. */
  pid: number;
  /** Stopped for inactivity (`idle`). */
  idledOut?: true;
  /** Stopped through `stop`: the abort's reason. */
  stoppedFor?: string;
  /** What an agent used (filled in by whoever read it). */
  usage?: Usage;
}

/**
 * The held start: the shell waits for a line on fd 3 before it runs the command (in its group). If
 * the runner dies first, the read sees end of file and nothing runs. When the command ends, its
 * exit status goes to the file named by `$1` (when one is named): the runner may be gone by then,
 * and the next run reads there that this attempt's command finished and need not run again. It is
 * written over the file in place (`1<>`, no truncation): the runner reserved it before the command
 * ran, so a disk the command filled cannot lose the status.
 */
const HELD =
  'read -r _ <&3 || exit 125; exec 3<&-; sh -c "$0"; s=$?; if [ -n "$1" ]; then printf %s "$s" 1<>"$1"; fi; exit "$s"';

const DEFAULT_GRACE_MS = 2_000;
const DEFAULT_TAIL_BYTES = 4_096;

export function runCommand(options: RunCommandOptions): Promise<Result<CommandOutcome>> {
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const tail = new Tail(options.tailBytes ?? DEFAULT_TAIL_BYTES);
  const env = options.inheritEnv === false ? { ...options.env } : { ...process.env, ...options.env };
  const started = performance.now();

  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      const stdin = options.input === undefined ? 'ignore' : 'pipe';
      child = options.onSpawn
        ? spawn('sh', ['-c', HELD, options.run, options.exitFile ?? ''], {
            cwd: options.cwd,
            env,
            detached: true,
            stdio: [stdin, 'pipe', 'pipe', 'pipe'],
          })
        : spawn('sh', ['-c', options.run], {
            cwd: options.cwd,
            env,
            detached: true,
            stdio: [stdin, 'pipe', 'pipe'],
          });
    } catch (error) {
      resolve(
        err('spawn-failed', `cannot start the step's command in ${options.cwd}: ${(error as Error).message}`),
      );
      return;
    }
    const pid = child.pid;
    let timedOut = false;
    let idledOut = false;
    let idle: IdleWatch | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    const timers: NodeJS.Timeout[] = [];
    const killGroup = (signal: NodeJS.Signals) => {
      if (pid === undefined) return;
      try {
        process.kill(-pid, signal);
      } catch {
        // ESRCH: the whole group is already gone.
      }
    };
    const finish = (result: Result<CommandOutcome>) => {
      for (const timer of timers) clearTimeout(timer);
      idle?.stop();
      resolve(result);
    };

    let stoppedFor: string | undefined;
    let pending = '';
    const lineOf = options.stdoutLine;
    const show = (text: string, stream: OutputStream) => {
      if (text === '') return;
      tail.push(Buffer.from(text));
      options.onOutput?.(text, stream);
    };
    for (const stream of ['stdout', 'stderr'] as const) {
      const decoder = new StringDecoder('utf8');
      child[stream]?.on('data', (chunk: Buffer) => {
        idle?.alive();
        if (stream === 'stdout' && lineOf !== undefined) {
          const lines = (pending + decoder.write(chunk)).split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) show(lineOf(`${line}\n`), stream);
          return;
        }
        tail.push(chunk);
        options.onOutput?.(decoder.write(chunk), stream);
      });
    }
    const flushLine = () => {
      if (lineOf === undefined || pending === '') return;
      const last = pending;
      pending = '';
      show(lineOf(last), 'stdout');
    };
    if (options.stop !== undefined) {
      const signal = options.stop;
      const onAbort = () => {
        if (exit !== undefined || stoppedFor !== undefined) return;
        stoppedFor = String(signal.reason ?? 'stopped');
        killGroup('SIGTERM');
        timers.push(setTimeout(() => killGroup('SIGKILL'), graceMs));
      };
      if (signal.aborted) queueMicrotask(onAbort);
      else signal.addEventListener('abort', onAbort, { once: true });
    }

    if (options.timeoutMs !== undefined) {
      const timeoutMs = options.timeoutMs;
      timers.push(
        setTimeout(() => {
          timedOut = true;
          killGroup('SIGTERM');
          timers.push(setTimeout(() => killGroup('SIGKILL'), graceMs));
        }, timeoutMs),
      );
    }

    if (options.onSpawn && pid !== undefined) {
      const gate = child.stdio[3] as Writable | null;
      gate?.on('error', () => {});
      options.onSpawn(identifyGroup(pid)).then(
        (go) => {
          // Written into the pipe, our end is closed at once: the child's exit need not wait for it.
          if (go) gate?.end('go\n', () => gate.destroy());
          else killGroup('SIGKILL');
        },
        () => killGroup('SIGKILL'),
      );
    }

    if (options.input !== undefined) {
      // A command that never reads its stdin, or exits first, closes the pipe: not an error of the step.
      child.stdin?.on('error', () => {});
      child.stdin?.end(options.input);
    }

    if (options.idle !== undefined) {
      idle = watchIdle({
        idleMs: options.idle.ms,
        ...(options.idle.probe === undefined ? {} : { probe: options.idle.probe }),
        onIdle: () => {
          if (exit !== undefined) return;
          idledOut = true;
          killGroup('SIGTERM');
          timers.push(setTimeout(() => killGroup('SIGKILL'), graceMs));
        },
      });
    }

    child.on('error', (error) => {
      if (exit === undefined)
        finish(err('spawn-failed', `cannot start the step's command in ${options.cwd}: ${error.message}`));
    });

    child.on('exit', (code, signal) => {
      exit = { code, signal };
      idle?.stop();
      // The step is over: whatever it left running in its group goes too, or it would hold the pipes open.
      killGroup('SIGTERM');
      timers.push(setTimeout(() => killGroup('SIGKILL'), graceMs));
      // A process that left the group (setsid) may still hold the pipes: stop waiting for it.
      timers.push(
        setTimeout(() => {
          child.stdout?.destroy();
          child.stderr?.destroy();
          done();
        }, graceMs * 2),
      );
    });

    let settled = false;
    const done = () => {
      if (settled || exit === undefined || pid === undefined) return;
      settled = true;
      flushLine();
      finish(
        ok({
          exitCode: exit.code,
          signal: exit.signal,
          timedOut,
          durationMs: Math.round(performance.now() - started),
          outputTail: tail.text(),
          pid,
          ...(idledOut ? { idledOut: true as const } : {}),
          ...(stoppedFor === undefined ? {} : { stoppedFor }),
        }),
      );
    };
    child.on('close', done);
  });
}

/** The last `limit` bytes of a stream, without cutting a UTF-8 character in half at the front. */
class Tail {
  private chunks: Buffer[] = [];
  private size = 0;
  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.chunks.length > 1 && this.size - (this.chunks[0] as Buffer).length >= this.limit) {
      this.size -= (this.chunks.shift() as Buffer).length;
    }
  }

  text(): string {
    const all = Buffer.concat(this.chunks);
    let start = Math.max(0, all.length - this.limit);
    // Skip UTF-8 continuation bytes (10xxxxxx) so the tail starts on a character.
    while (start < all.length && ((all[start] as number) & 0xc0) === 0x80) start++;
    return all.subarray(start).toString('utf8');
  }
}
