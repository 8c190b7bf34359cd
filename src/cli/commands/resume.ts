import { continueMolecule } from '../continue-molecule.js';
import { progressOutput } from '../io.js';
import { JOBS, RUN_JSON, STORE, VERBOSE } from '../options.js';
import { whoAmI } from '../pour-molecule.js';
import { contextFor, failWith, resolveMolecule } from '../verb.js';
import { defineVerb } from '../verb-spec.js';
import { finish, noteLocalJobs, parseJobs } from './run.js';

/**
 * After a crash: steps whose runner process is gone go back to ready and run again; completed
 * steps never do. Without an id, the most recently changed active molecule. Exit codes as `mol run`.
 */
export const resume = defineVerb({
  name: 'resume',
  summary: 'after a crash: steps of dead runs back to ready, then run on',
  args: [{ name: 'mol-id', complete: 'molecule' }],
  options: [JOBS, VERBOSE, RUN_JSON, STORE],
  examples: ['mol resume'],
  async run(call) {
    const { io, values } = call;
    const [molId] = call.positionals;
    const jobs = parseJobs(values.jobs);
    if (jobs === undefined)
      return call.usageError(`--jobs takes a whole number from 1, got "${values.jobs}"`);
    const ctx = await contextFor(io, values);
    if (!ctx.ok) return failWith(io, ctx.error);
    const loaded = await resolveMolecule(ctx.value, molId);
    if (!loaded.ok) return failWith(io, loaded.error);
    const { mol, proto } = loaded.value;
    noteLocalJobs(io, proto, jobs);
    const ran = await continueMolecule(ctx.value, mol, proto, whoAmI(io.env), {
      jobs,
      ...progressOutput(io),
      verbose: values.verbose === true,
    });
    if (!ran.ok) return failWith(io, ran.error);
    return finish(io, ran.value, proto, values.json);
  },
});
