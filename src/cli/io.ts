/** What a command may touch of the outside world; tests pass their own. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  now(): Date;
}

export function processIO(): CliIO {
  return {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    cwd: process.cwd(),
    env: process.env,
    now: () => new Date(),
  };
}

/** Exit codes of the CLI contract: 3 means "stopped, waiting on a person or an agent". */
export const EXIT = { ok: 0, failed: 1, usage: 2, waiting: 3 } as const;
