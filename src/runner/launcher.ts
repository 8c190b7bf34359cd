/**
 * Starts short programs (the runner's git calls) from a long-lived `sh` instead of from Node.
 *
 * Node forks its whole process for every child: the page tables of a runner holding a molecule
 * and its modules are copied, the runner waits until the child has exec'd, and every page it
 * writes afterwards faults once. A `sh` forks in a fraction of that. Measured on a 2-core host:
 * `git status` 2.3 ms from Node, 1.5 ms through this; a local `mol run` step makes two or three
 * such calls.
 *
 * The shell reads one command per call from its standard input. Every argument is single-quoted
 * (inside single quotes no character but the quote itself means anything to `sh`, and a quote is
 * written `'\''`), so an argument is data, as it is for `execFile`. The program's output comes back
 * on the shell's own stdout and stderr, each ended by a line the caller could not have predicted
 * (a random token, then the exit status): what came before it is the program's output, byte for
 * byte. The program's stdin is /dev/null; a call that needs to write to it, or that adds to the
 * environment (a token for one push), goes through `execFile` (git.ts).
 *
 * Shells are kept while idle and do not keep Node alive; when the runner exits or dies, a shell
 * reads end of file and exits after the program it was running, as a child of Node would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { holdChild } from './hold-child.js';

export interface Launched {
  /** The exit status; 128 + n for a program ended by signal n; -1 when the folder could not be entered (stderr says why). */
  code: number;
  stdout: string;
  stderr: string;
  /** The program wrote more than `maxBytes` to stdout: what was kept is cut short. */
  overflowed?: true;
}

interface Pending {
  token: string;
  out: Buffer[];
  outBytes: number;
  err: Buffer[];
  code?: number;
  errDone: boolean;
  overflowed: boolean;
  maxBytes: number;
  resolve: (launched: Launched | undefined) => void;
}

interface Shell {
  child: ChildProcess;
  env: string;
  pending?: Pending;
  outTail: string;
  errTail: string;
}

/** Idle shells kept per environment; a burst of parallel calls starts more and lets the rest go. */
const KEEP_IDLE = 4;
const idle: Shell[] = [];
/** Set when `sh` cannot be started here: every call then goes the usual way. */
let unavailable = false;
/** Unpredictable to anything the program reads, so no output can end a call early. */
const SESSION = randomBytes(12).toString('hex');
let counter = 0;
/** What the shell prints after the program: `\n<token> <status>\n`. */
const END_LINE = /\n([0-9a-z]+) (-?\d+)\n$/;

/** Quoted for `sh`: everything literal, newlines and quotes included. */
export function shellQuote(arg: string): string {
  return `'${arg.replaceAll("'", "'\\''")}'`;
}

/**
 * Runs `file args` in `cwd` with `env` (the whole environment) and collects its output, or returns
 * undefined when no shell could run it (the caller runs it itself; nothing was started).
 */
export function launch(
  file: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  maxBytes = 64 * 1024 * 1024,
): Promise<Launched | undefined> {
  if (unavailable || [file, cwd, ...args].some((arg) => arg.includes('\0')))
    return Promise.resolve(undefined);
  const envKey = JSON.stringify(env);
  const shell = takeIdle(envKey) ?? startShell(envKey, env);
  if (shell === undefined) return Promise.resolve(undefined);
  const token = `${SESSION}${(counter++).toString(36)}`;
  // Relative to this process's folder, as `execFile`'s cwd is, and not normalised: `cd -P` then
  // resolves `..` after symbolic links as chdir(2) does.
  const dir = isAbsolute(cwd) ? cwd : `${process.cwd()}/${cwd}`;
  const command = [file, ...args].map(shellQuote).join(' ');
  const script =
    `if cd -P -- ${shellQuote(dir)}; then ${command} </dev/null; s=$?; else s=-1; fi; ` +
    `printf '\\n%s %s\\n' '${token}' "$s"; printf '\\n%s\\n' '${token}' >&2\n`;
  return new Promise((resolve) => {
    shell.pending = {
      token,
      out: [],
      outBytes: 0,
      err: [],
      errDone: false,
      overflowed: false,
      maxBytes,
      resolve,
    };
    shell.outTail = '';
    shell.errTail = '';
    holdChild(shell.child, true);
    shell.child.stdin?.write(script);
  });
}

function takeIdle(envKey: string): Shell | undefined {
  const at = idle.findIndex((shell) => shell.env === envKey);
  if (at < 0) return undefined;
  return idle.splice(at, 1)[0];
}

function startShell(envKey: string, env: Record<string, string>): Shell | undefined {
  let child: ChildProcess;
  try {
    child = spawn('sh', ['-s'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch {
    unavailable = true;
    return undefined;
  }
  const shell: Shell = { child, env: envKey, outTail: '', errTail: '' };
  child.stdout?.on('data', (chunk: Buffer) => onOut(shell, chunk));
  child.stderr?.on('data', (chunk: Buffer) => onErr(shell, chunk));
  child.stdin?.on('error', () => {
    // EPIPE: the shell is gone; its 'close' answers the pending call.
  });
  child.on('error', () => {
    // ENOENT: no `sh` here. The pending call is answered by 'close' (never emitted for a spawn
    // that failed, so answer it here too).
    unavailable = true;
    gone(shell);
  });
  child.on('close', () => gone(shell));
  return shell;
}

/** The shell ended (killed, or its stdin closed): a call it had not answered fails as a killed git would. */
function gone(shell: Shell): void {
  const at = idle.indexOf(shell);
  if (at >= 0) idle.splice(at, 1);
  const pending = shell.pending;
  shell.pending = undefined;
  if (pending === undefined) return;
  if (pending.code === undefined && pending.out.length === 0 && unavailable) {
    pending.resolve(undefined);
    return;
  }
  pending.resolve({
    code: pending.code ?? 128 + 9,
    stdout: Buffer.concat(pending.out).toString('utf8'),
    stderr: `${Buffer.concat(pending.err).toString('utf8')}\nthe shell running it ended`,
  });
}

function onOut(shell: Shell, chunk: Buffer): void {
  const pending = shell.pending;
  if (pending === undefined || pending.code !== undefined) return;
  pending.outBytes += chunk.length;
  // Past the limit only the end line matters: what is kept is cut to the limit.
  if (!pending.overflowed) pending.out.push(chunk);
  if (pending.outBytes > pending.maxBytes + pending.token.length + 32) pending.overflowed = true;
  // The end line is `\n<token> <status>\n`; look for it in the last bytes only.
  shell.outTail = (shell.outTail + chunk.toString('latin1')).slice(-(pending.token.length + 32));
  const end = END_LINE.exec(shell.outTail);
  if (end === null || end[1] !== pending.token) return;
  pending.code = Number(end[2]);
  const all = Buffer.concat(pending.out);
  pending.out = [pending.overflowed ? all : all.subarray(0, all.length - end[0].length)];
  settle(shell);
}

function onErr(shell: Shell, chunk: Buffer): void {
  const pending = shell.pending;
  if (pending === undefined || pending.errDone) return;
  pending.err.push(chunk);
  shell.errTail = (shell.errTail + chunk.toString('latin1')).slice(-(pending.token.length + 2));
  if (shell.errTail !== `\n${pending.token}\n`) return;
  pending.errDone = true;
  const all = Buffer.concat(pending.err);
  pending.err = [all.subarray(0, all.length - pending.token.length - 2)];
  settle(shell);
}

function settle(shell: Shell): void {
  const pending = shell.pending;
  if (pending === undefined || pending.code === undefined || !pending.errDone) return;
  shell.pending = undefined;
  holdChild(shell.child, false);
  if (idle.length < KEEP_IDLE) idle.push(shell);
  else shell.child.stdin?.end();
  const stdout = Buffer.concat(pending.out);
  const overflowed = pending.overflowed || stdout.length > pending.maxBytes;
  pending.resolve({
    code: pending.code,
    stdout: stdout.subarray(0, pending.maxBytes).toString('utf8'),
    stderr: Buffer.concat(pending.err).toString('utf8'),
    ...(overflowed ? { overflowed: true as const } : {}),
  });
}
