/** A `CliIO` that keeps what the CLI prints, for calling `main` and the verbs in-process. */
import { tmpdir } from 'node:os';
import type { CliIO } from '../../src/cli/io.js';
import { PLAIN } from '../../src/cli/style.js';

export interface MemoryIO extends CliIO {
  stdout(): string;
  stderr(): string;
}

export function memoryIO(overrides: Partial<CliIO> = {}): MemoryIO {
  let out = '';
  let err = '';
  const line = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);
  return {
    out: (text) => {
      out += line(text);
    },
    err: (text) => {
      err += line(text);
    },
    cwd: tmpdir(),
    env: {},
    now: () => new Date(),
    style: PLAIN,
    ...overrides,
    stdout: () => out,
    stderr: () => err,
  };
}
