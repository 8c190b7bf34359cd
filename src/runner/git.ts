/**
 * The one way the runner calls git: `execFile` with an argument list, never a shell string, so a
 * branch name or a path can never become a command. Failures come back as values naming the call.
 *
 * A step may have written into `.git` (hooks, `core.fsmonitor`) before the runner commits and
 * pushes its work, and git would run what they name with the runner's environment. So every call
 * runs with hooks and fsmonitor switched off on the command line (which outranks every config
 * file) and with the environment that code from the checkout may see (scrub-env.ts); what git
 * cannot switch off from the command line (a `filter.<x>.clean`, `core.sshCommand`) is caught by
 * comparing git's configuration before and after the step (git-config-snapshot.ts). A push or a
 * fetch that needs a token gets it in `env` for that one call (remote-auth.ts).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { err, ok, type Result } from '../engine/index.js';
import { crashPoint } from './crash-point.js';
import { launch } from './launcher.js';
import { scrubEnv } from './scrub-env.js';

export interface GitOutput {
  stdout: string;
  stderr: string;
  code: number;
}

export interface GitOptions {
  /** Exit codes that are answers rather than failures (`diff --quiet` exits 1 when there are changes). */
  okCodes?: number[];
  /** Added to the scrubbed environment for this call only (a remote's credentials). */
  env?: Record<string, string>;
  /** Written to git's standard input (for `--pathspec-from-file=-`). */
  input?: string;
}

/** Who Molecular's own commits name; the lease keeper writes its lock commits with it (git-lease.ts). */
export const MOLECULAR_PERSON = { name: 'Molecular', email: 'molecular@users.noreply.github.com' };
/** Commits made by steps carry this identity, so they work on machines without a git identity. */
export const MOLECULAR_IDENTITY = [
  '-c',
  `user.name=${MOLECULAR_PERSON.name}`,
  '-c',
  `user.email=${MOLECULAR_PERSON.email}`,
];
/**
 * For the commits Molecular makes: a user's `commit.gpgsign = true` would prompt for a passphrase
 * in the middle of a step, and every `git commit` or `merge` would start `git maintenance run
 * --auto` (about 10 ms a step, spent checking); the user's own next commit still runs it.
 */
export const COMMIT_SETTINGS = ['-c', 'commit.gpgsign=false', '-c', 'maintenance.auto=false'];

const BASE_ENV = { GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };

/** The environment every git call runs with, before a call's own additions. */
export function gitEnvironment(): Record<string, string> {
  return { ...scrubEnv(process.env), ...BASE_ENV };
}

/** Settings git reads before running anything a repository names; `-c` outranks every config file. */
export const NEUTRALISED = ['core.hooksPath=/dev/null', 'core.fsmonitor=false'];
const HARDENING = NEUTRALISED.flatMap((setting) => ['-c', setting]);

/** Subcommands that change a repository (refs, index, files, worktrees): the crash suite's points. */
const WRITES = new Set([
  'add',
  'checkout',
  'commit',
  'merge',
  'read-tree',
  'reset',
  'update-ref',
  'worktree',
  'branch',
]);

export async function git(cwd: string, args: string[], options: GitOptions = {}): Promise<Result<GitOutput>> {
  const sub = args.find((arg, i) => !arg.startsWith('-') && args[i - 1] !== '-c');
  const writes = sub !== undefined && WRITES.has(sub);
  if (writes) crashPoint(`git-${sub}:before`);
  const result = await runGit(cwd, args, options);
  if (writes) crashPoint(`git-${sub}:after`);
  return result;
}

async function runGit(cwd: string, args: string[], options: GitOptions): Promise<Result<GitOutput>> {
  const argv = [...HARDENING, ...args];
  // Most calls neither write to git's stdin nor add to its environment: a long-lived shell starts
  // them for less than Node's fork costs (launcher.ts).
  const launched =
    options.input === undefined && options.env === undefined
      ? await launch('git', argv, cwd, gitEnvironment(), MAX_OUTPUT)
      : undefined;
  if (launched !== undefined) {
    const { stdout, stderr, overflowed } = launched;
    if (overflowed)
      return answer(cwd, args, options, { stdout, stderr, code: -1 }, 'more output than the runner reads');
    return answer(cwd, args, options, { stdout, stderr, code: launched.code }, stderr);
  }
  return new Promise((resolve) => {
    const child = execFile(
      'git',
      argv,
      {
        cwd,
        env: { ...gitEnvironment(), ...options.env },
        maxBuffer: MAX_OUTPUT,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve(answer(cwd, args, options, { stdout, stderr, code }, stderr || error?.message || ''));
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

const MAX_OUTPUT = 64 * 1024 * 1024;

/** The call's output when its exit code is an answer; else a failure naming it, with `failure`'s last lines. */
function answer(
  cwd: string,
  args: string[],
  options: GitOptions,
  out: GitOutput,
  failure: string,
): Result<GitOutput> {
  if ((options.okCodes ?? [0]).includes(out.code)) return ok(out);
  const why = failure.trim().split('\n').slice(-3).join(' ');
  return err('git-failed', `git ${args.join(' ')} failed in ${cwd}: ${why || `exit ${out.code}`}`);
}

/**
 * A git process the caller talks to over its standard input and output (a long-lived
 * `update-ref --stdin`), hardened and in the environment of every other call.
 */
export function spawnGit(cwd: string, args: string[]): ChildProcess {
  return spawn('git', [...HARDENING, ...args], {
    cwd,
    env: gitEnvironment(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** The trimmed stdout of a git call that must succeed. */
export async function gitText(cwd: string, args: string[]): Promise<Result<string>> {
  const out = await git(cwd, args);
  return out.ok ? ok(out.value.stdout.trim()) : out;
}

/** The full sha of a commit-ish, or undefined when it names nothing. */
export async function resolveCommit(cwd: string, rev: string): Promise<string | undefined> {
  // A rev that starts with '-' would be read as an option.
  if (rev.startsWith('-')) return undefined;
  const out = await git(cwd, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], {
    okCodes: [0, 1, 128],
  });
  if (!out.ok || out.value.code !== 0) return undefined;
  return out.value.stdout.trim();
}

/** NUL-separated git output (`-z`) as a list, so paths with spaces or newlines survive. */
export function splitNul(text: string): string[] {
  return text.split('\0').filter((part) => part.length > 0);
}
