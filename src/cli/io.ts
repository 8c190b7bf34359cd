import { PLAIN as PLAIN_STYLE, type Style, styleFor } from './style.js';

/** What a command may touch of the outside world; tests pass their own. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  now(): Date;
  /** How what goes to `out` looks: plain unless stdout is a terminal (or FORCE_COLOR says so). */
  style: Style;
  /** The same for `err`, where progress lines go (plain when absent). */
  errStyle?: Style;
  /** The script this `mol` runs from, to tell a person how to run it again. */
  self?: string;
  /**
   * Resolves once a line could not reach stdout's reader (`mol status --watch | head -1`): a
   * command that only prints, for ever, stops there. Absent: the reader never goes away.
   */
  outGone?: Promise<void>;
}

export function processIO(): CliIO {
  const out = lineWriter(process.stdout);
  const outGone = new Promise<void>((resolve) => {
    process.stdout.once('error', () => resolve());
  });
  const err = lineWriter(process.stderr);
  return {
    out,
    err,
    cwd: process.cwd(),
    env: process.env,
    now: () => new Date(),
    style: styleFor(process.stdout, process.env),
    errStyle: styleFor(process.stderr, process.env),
    ...(process.argv[1] === undefined ? {} : { self: process.argv[1] }),
    outGone,
  };
}

const writers = new WeakMap<NodeJS.WriteStream, (text: string) => void>();

/**
 * Writes lines to a stream until its reader goes away (`mol list | head -1`): then the write fails
 * with EPIPE, which would otherwise surface as an uncaught error with a stack trace. What is left
 * to print is dropped and the command carries on (a run is not cut short mid-step because nobody
 * reads its progress), exiting with the code it would have had.
 */
function lineWriter(stream: NodeJS.WriteStream): (text: string) => void {
  const known = writers.get(stream);
  if (known) return known;
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    closed = true;
    if (error.code === 'EPIPE' || stream === process.stderr) return;
    // stdout failed for another reason (a full disk): say so once where someone may see it.
    process.exitCode = EXIT.failed;
    if (!process.stderr.destroyed) process.stderr.write(`mol: cannot write output: ${error.message}\n`);
  });
  const write = (text: string) => {
    if (closed || stream.destroyed) return;
    stream.write(text.endsWith('\n') ? text : `${text}\n`);
  };
  writers.set(stream, write);
  return write;
}

/**
 * Where a verb that runs steps prints its progress, and how: stderr, styled for stderr, so that
 * stdout carries only the result (the table, or the molecule as JSON) for whoever reads it.
 */
export function progressOutput(io: CliIO): { print: (line: string) => void; style: Style } {
  return { print: (line) => io.err(line), style: io.errStyle ?? PLAIN_STYLE };
}

/** Exit codes of the CLI contract: 3 means "stopped, waiting on a person or an agent". */
export const EXIT = { ok: 0, failed: 1, usage: 2, waiting: 3 } as const;

/** What each exit code means: `mol help` and docs/cli.md print this table, and nothing else does. */
export const EXIT_MEANINGS: Record<keyof typeof EXIT, string> = {
  ok: 'done: the command did what it was asked (run, resume and the step verbs: the molecule is complete)',
  failed:
    'failed: a formula, a molecule or git refused (one line says why, nothing changed), or the molecule failed',
  usage:
    'usage error: an unknown command or option, a missing or extra argument, a bad option value, or bare `mol`; the usage line follows',
  waiting:
    'waiting (run, resume and the step verbs): the molecule stopped with work left for a person, an agent, a gate or another process',
};
