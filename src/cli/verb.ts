/**
 * What the molecule verbs share: opening the repository and store, one-line failures, finding the
 * molecule a verb without an id means, and the exit code a molecule's state stands for.
 */

import {
  err,
  formatDiagnostic,
  LIVE_STATUS_LIST,
  type MolError,
  type Molecule,
  ok,
  type Result,
  unknownStep,
} from '../engine/index.js';
import { type CliContext, openContext } from './cli-context.js';
import { type CliIO, EXIT } from './io.js';
import { type LoadedMolecule, loadMolecule } from './load-molecule.js';
import type { ArgSpec } from './verb-spec.js';

export const MOL_ARG: ArgSpec = {
  name: 'mol-id',
  required: true,
  missing: 'which molecule? give its id (mol list shows them)',
  complete: 'molecule',
};
export const STEP_ARG: ArgSpec = {
  name: 'step',
  required: true,
  missing: 'which step? give its id (mol status <mol-id> shows them)',
  complete: 'step',
};

export async function contextFor(io: CliIO, values: Record<string, unknown>): Promise<Result<CliContext>> {
  return openContext(io, typeof values.store === 'string' ? values.store : undefined);
}

/**
 * Prints the error and returns the failure exit code: one line per diagnostic, `file:line:col:`
 * where a formula file is at fault, `mol:` otherwise (a missing var has no place in any file).
 */
export function failWith(io: CliIO, error: MolError): number {
  const all = error.diagnostics?.length ? error.diagnostics : [error];
  for (const d of all) io.err(d.file === undefined ? `mol: ${inCliWords(d.message)}` : formatDiagnostic(d));
  return EXIT.failed;
}

/**
 * The engine's messages are shared with GitHub, whose hints name slash commands and `k=v` lines of a
 * `mol-vars` block; `mol` has no `reset` and takes vars as `--var k=v`, so such hints are said in
 * the words `mol` understands.
 */
const CLI_WORDS: readonly [string | RegExp, string][] = [
  [
    'roll it back, reset it, or retry a failed step to work on it again',
    'roll it back (mol rollback) or retry a failed step (mol retry) to work on it again',
  ],
  ['/mol squash <summary>', 'mol squash <mol-id> --summary "…"'],
  [/ is required: give (\S+)=<value>$/, ' is required: give --var $1=<value>'],
];

export function inCliWords(message: string): string {
  return CLI_WORDS.reduce((text, [engine, cli]) => text.replace(engine, cli), message);
}

/**
 * 0 when the molecule is complete (or archived/burned), 1 when it failed, 3 when it stopped with
 * work left that waits on a person, an agent, a gate or another process.
 */
export function exitFor(mol: Molecule): number {
  if (mol.status === 'complete' || mol.status === 'squashed' || mol.status === 'burned') return EXIT.ok;
  if (mol.status === 'failed') return EXIT.failed;
  return EXIT.waiting;
}

/** The molecule named, or without a name the most recently changed active one. */
export async function resolveMolecule(
  ctx: CliContext,
  id: string | undefined,
): Promise<Result<LoadedMolecule>> {
  if (id !== undefined) return loadMolecule(ctx, id);
  const active = await ctx.store.scan({ status: [...LIVE_STATUS_LIST] });
  if (!active.ok) return active;
  const latest = [...active.value.molecules].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  if (latest === undefined)
    return err(
      'no-active-molecule',
      'no molecule is active here; give an id (`mol list --all` shows them all)',
    );
  return loadMolecule(ctx, latest.id);
}

/**
 * What the step verbs open first: the repository and store, the molecule, and a step id that names
 * one of its steps (the engine says the same, but only after work has been spent).
 */
export async function openStep(
  io: CliIO,
  values: Record<string, unknown>,
  molId: string,
  stepId: string,
): Promise<Result<{ ctx: CliContext; loaded: LoadedMolecule }>> {
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return ctx;
  const loaded = await loadMolecule(ctx.value, molId);
  if (!loaded.ok) return loaded;
  const step = checkStep(loaded.value, stepId);
  if (!step.ok) return step;
  return ok({ ctx: ctx.value, loaded: loaded.value });
}

/** The step id must name a step of the molecule; the engine says the same, but before any work. */
export function checkStep(loaded: LoadedMolecule, step: string): Result<string> {
  return loaded.mol.steps.some((s) => s.id === step) ? ok(step) : unknownStep(loaded.mol, step);
}
