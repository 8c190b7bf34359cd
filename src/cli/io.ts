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
}

export function processIO(): CliIO {
  return {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    cwd: process.cwd(),
    env: process.env,
    now: () => new Date(),
    style: styleFor(process.stdout, process.env),
  };
}

/**
 * Where a verb that runs steps prints its progress, and how: stdout, or stderr (plain) when stdout
 * carries `--json`.
 */
export function progressOutput(io: CliIO, json: boolean): { print: (line: string) => void; style: Style } {
  return json
    ? { print: (line) => io.err(line), style: PLAIN_STYLE }
    : { print: (line) => io.out(line), style: io.style };
}

/** Exit codes of the CLI contract: 3 means "stopped, waiting on a person or an agent". */
export const EXIT = { ok: 0, failed: 1, usage: 2, waiting: 3 } as const;
