/**
 * `mol budget <mol-id> usd=10 [tokens=… turns=… time=…] [--step <id>]`: raise (or set) what the
 * molecule's agents may spend, or one step's. A molecule paused because an agent reached a limit
 * goes on once the limit is lifted: its ready steps run, as with `mol resume` (`--no-run` only
 * records).
 */
import { ok, parseBudgetWords } from '../../engine/index.js';
import { carryOutLocally } from '../../shell/carry-out-locally.js';
import { changeMolecule } from '../../shell/change-molecule.js';
import { withAgent } from '../../shell/step/agent-command.js';
import { continueMolecule } from '../continue-molecule.js';
import { progressOutput } from '../io.js';
import { JOBS, NO_RUN, RUN_JSON, STORE, VERBOSE } from '../options.js';
import { whoAmI } from '../pour-molecule.js';
import { contextFor, failWith, resolveMolecule } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';
import { finish, parseJobs } from './run.js';

export const budget = defineVerb({
  name: 'budget',
  summary: "raise what a molecule's agents (or one step's) may spend; a paused molecule goes on",
  args: [
    {
      name: 'mol-id',
      required: true,
      missing: 'which molecule? give its id, then limits such as usd=10',
      complete: 'molecule',
    },
    {
      name: 'limit=amount',
      required: true,
      variadic: true,
      missing: 'give at least one limit, such as usd=10',
    },
  ],
  options: [
    { name: 'step', value: 'id', meaning: "raise that step's budget, not the molecule's", complete: 'step' },
    {
      name: 'agent',
      value: 'CMD',
      meaning: 'run the steps without run with this agent (as mol run --agent)',
    },
    { ...NO_RUN, meaning: 'only record the new budget' },
    JOBS,
    VERBOSE,
    RUN_JSON,
    STORE,
  ],
  examples: [
    'mol budget hello-1a2b3c turns=60 --step greet --no-run',
    'mol budget hello-1a2b3c usd=10 time=1h',
  ],
  run: budgetCommand,
});

async function budgetCommand(call: VerbCall): Promise<number> {
  const { io, values } = call;
  const [molId = '', ...words] = call.positionals;
  const limits = parseBudgetWords(words);
  if (!limits.ok) return call.usageError(limits.message);
  const jobs = parseJobs(values.jobs);
  if (jobs === undefined) return call.usageError(`--jobs takes a whole number from 1, got "${values.jobs}"`);
  const agent = typeof values.agent === 'string' ? values.agent.trim() : undefined;
  if (agent === '') return call.usageError('--agent takes a preset or a command line');
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const loaded = await resolveMolecule(ctx.value, molId);
  if (!loaded.ok) return failWith(io, loaded.error);
  const { proto } = loaded.value;
  const by = whoAmI(io.env);
  const step = typeof values.step === 'string' ? values.step : undefined;
  const event = {
    type: 'budget' as const,
    budget: limits.value,
    by,
    ...(step === undefined ? {} : { step }),
  };
  const applied = await changeMolecule(ctx.value.store, proto, molId, () => ok([event]), io.now());
  if (!applied.ok) return failWith(io, applied.error);
  const progress = progressOutput(io);
  const carried = await carryOutLocally(ctx.value, applied.value.mol, proto, applied.value.effects, {
    notices: true,
  });
  if (!carried.ok) return failWith(io, carried.error);
  const whose = step === undefined ? molId : `${molId} step ${step}`;
  progress.print(`budget of ${whose}: ${words.join(' ')}`);
  let mol = carried.value;
  if (!values['no-run'] && mol.status !== 'paused') {
    const ran = await continueMolecule(ctx.value, mol, withAgent(proto, agent), by, {
      jobs,
      ...progress,
      verbose: values.verbose === true,
    });
    if (!ran.ok) return failWith(io, ran.error);
    mol = ran.value;
  }
  return finish(io, mol, proto, values.json);
}
