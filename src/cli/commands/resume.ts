import { parse } from '../args.js';
import { continueMolecule } from '../continue-molecule.js';
import { type CliIO, progressOutput } from '../io.js';
import { whoAmI } from '../pour-molecule.js';
import { contextFor, failWith, resolveMolecule } from '../verb.js';
import { usageError } from './cook.js';
import { finish, noteLocalJobs, parseJobs, RUN_OPTIONS } from './run.js';

export const usage = 'mol resume [<mol-id>] [--jobs N] [--verbose] [--json]';

/**
 * After a crash: steps whose runner process is gone go back to ready and run again; completed
 * steps never do. Without an id, the most recently changed active molecule. Exit codes as `mol run`.
 */
export async function resumeCommand(io: CliIO, argv: string[]): Promise<number> {
  const args = parse(argv, RUN_OPTIONS);
  if (!args.ok) return usageError(io, args.error.message, usage);
  const { values, positionals } = args.value;
  const [molId, ...extra] = positionals;
  if (extra.length > 0) return usageError(io, `unexpected argument "${extra[0]}"`, usage);
  const jobs = parseJobs(values.jobs);
  if (jobs === undefined)
    return usageError(io, `--jobs takes a whole number from 1, got "${values.jobs}"`, usage);
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const loaded = await resolveMolecule(ctx.value, molId);
  if (!loaded.ok) return failWith(io, loaded.error);
  const { mol, proto } = loaded.value;
  noteLocalJobs(io, proto, jobs);
  const ran = await continueMolecule(ctx.value, mol, proto, whoAmI(io.env), {
    jobs,
    ...progressOutput(io, values.json === true),
    verbose: values.verbose === true,
  });
  if (!ran.ok) return failWith(io, ran.error);
  return finish(io, ran.value, proto, values.json === true);
}
