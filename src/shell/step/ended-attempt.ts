/**
 * An attempt whose command finished while its runner was gone: `mol` was killed after the command
 * ended and before its work was recorded (during the commit, the gates or the state write). Before
 * the command runs, the runner writes down where the attempt works (its checkout); the command's
 * own shell writes its exit status beside it when it ends, whatever became of the runner. The next
 * run of the step reads both and, when the command succeeded, finishes that attempt's work instead
 * of running the command again: a step's effect happens once, wherever `mol` died.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { err, ok, type Result } from '../../engine/index.js';
import { fullDiskPoint } from '../../runner/crash-point.js';
import type { CommandOutcome } from '../../runner/run-process.js';
import { type StepCheckout, StepCheckoutSchema } from './step-checkout-schema.js';

const AttemptRecordSchema = z.object({
  attempt: z.number().int().positive(),
  checkout: StepCheckoutSchema.omit({ ended: true }),
});

export interface AttemptFiles {
  /** Where the attempt works, written before its command runs. */
  record: string;
  /** The command's exit status, written by its shell when it ends. */
  exit: string;
}

export function attemptFiles(dir: string, molId: string, stepId: string): AttemptFiles {
  const base = join(dir, encodeURIComponent(molId), encodeURIComponent(stepId));
  return { record: `${base}.json`, exit: `${base}.exit` };
}

/**
 * The exit file as written before the command runs: blank, and as long as any exit status, so the
 * command's shell writes the status over it in place (run-command.ts), which needs no new space on
 * the disk. A disk that fills while the command runs cannot make the runner forget that it succeeded.
 */
const EXIT_RESERVED = `${' '.repeat(15)}\n`;

/**
 * Written before the command of attempt `attempt` runs, with its exit file reserved (an older
 * attempt's exit status goes). When either cannot be written the command must not run: nothing
 * would remember that it did.
 */
export async function keepAttemptRecord(
  files: AttemptFiles,
  attempt: number,
  checkout: StepCheckout,
): Promise<Result<void>> {
  if (checkout.kind === 'checkout') return ok(undefined);
  const record = JSON.stringify(AttemptRecordSchema.parse({ attempt, checkout }));
  let path = dirname(files.record);
  // Synchronous: microseconds each, where an async call is a round trip to the thread pool (as the
  // store's lock files are written), on every step's way to its command.
  try {
    mkdirSync(path, { recursive: true });
    path = files.exit;
    fullDiskPoint();
    writeFileSync(files.exit, EXIT_RESERVED);
    path = files.record;
    fullDiskPoint();
    writeFileSync(files.record, record);
  } catch (error) {
    return err(
      'store-io',
      `cannot write ${path}: ${(error as Error).message}; the step's command did not run, since nothing could remember that it had`,
      { file: path },
    );
  }
  return ok(undefined);
}

/**
 * The checkout of attempt `attempt` when its command ended with 0, marked `ended`; undefined when
 * that attempt never ran its command, it failed or was stopped, or its record is unreadable.
 */
export async function endedAttempt(files: AttemptFiles, attempt: number): Promise<StepCheckout | undefined> {
  const [record, exit] = await Promise.all([readText(files.record), readText(files.exit)]);
  if (record === undefined || exit?.trim() !== '0') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(record);
  } catch {
    return undefined;
  }
  const parsed = AttemptRecordSchema.safeParse(json);
  if (!parsed.success || parsed.data.attempt !== attempt) return undefined;
  // A job's checkout is never recorded (`keepAttemptRecord`): only the CLI's places are finished.
  if (parsed.data.checkout.kind === 'checkout') return undefined;
  return { ...parsed.data.checkout, ended: true };
}

export async function forgetAttemptRecord(files: AttemptFiles): Promise<void> {
  rmSync(files.record, { force: true });
  rmSync(files.exit, { force: true });
}

/** What the ended attempt's command came to, as far as anyone can still tell: it succeeded. */
export const ENDED_COMMAND: CommandOutcome = {
  exitCode: 0,
  signal: null,
  timedOut: false,
  durationMs: 0,
  outputTail: '',
  pid: 0,
};

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}
