/**
 * Reads one JSON state file and validates it with its zod schema. A file that is missing is
 * `undefined`; a file that is there but unreadable as state is a `state-invalid` error naming it, so
 * a person can open it, and nothing is ever written over it by accident.
 */
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { err, ok, type Result } from '../../engine/index.js';

/** The state format this build reads and writes (the `v` of every state file). */
const STATE_VERSION = 1;

export async function readStateFile<S extends z.ZodType>(
  path: string,
  schema: S,
): Promise<Result<z.infer<S> | undefined>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok(undefined);
    return err('store-io', `cannot read ${path}: ${(error as Error).message}`, { file: path });
  }
  return parseStateText(path, text, schema);
}

/** The text of a state file at `path` as state, or why it is not (never a throw). */
export function parseStateText<S extends z.ZodType>(
  path: string,
  text: string,
  schema: S,
): Result<z.infer<S>> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return err(
      'state-invalid',
      `${path} is not valid JSON (${(error as Error).message}); fix or remove the file.`,
      { file: path },
    );
  }
  const version = (data as { v?: unknown } | null)?.v;
  if (typeof version === 'number' && version > STATE_VERSION) {
    return err(
      'state-invalid',
      `${path} was written by a newer version of Molecular (state format v${version}; this one reads v${STATE_VERSION}); upgrade mol to use it.`,
      { file: path },
    );
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    return err(
      'state-invalid',
      `${path} does not hold valid state: ${describeIssues(parsed.error)}; fix or remove the file.`,
      {
        file: path,
      },
    );
  }
  return ok(parsed.data);
}

/** The first few zod issues as `path: message`, short enough for one line. */
export function describeIssues(error: z.ZodError): string {
  const shown = error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  const more = error.issues.length > 3 ? ` and ${error.issues.length - 3} more` : '';
  return shown.join('; ') + more;
}
