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
import { parse } from '../args.js';
import { continueMolecule } from '../continue-molecule.js';
import { type CliIO, progressOutput } from '../io.js';
import { whoAmI } from '../pour-molecule.js';
import { contextFor, failWith, resolveMolecule } from '../verb.js';
import { usageError } from './cook.js';
import { finish, parseJobs, RUN_OPTIONS } from './run.js';

export const usage =
  'mol budget <mol-id> <limit>=<amount>... [--step <id>] [--agent CMD] [--no-run] [--jobs N] [--json]';

export async function budgetCommand(io: CliIO, argv: string[]): Promise<number> {
  const args = parse(argv, {
    ...RUN_OPTIONS,
    step: { type: 'string' },
    agent: { type: 'string' },
    'no-run': { type: 'boolean' },
  });
  if (!args.ok) return usageError(io, args.error.message, usage);
  const { values, positionals } = args.value;
  const [molId, ...words] = positionals;
  if (molId === undefined)
    return usageError(io, 'which molecule? give its id, then limits such as usd=10', usage);
  const budget = parseBudgetWords(words);
  if (!budget.ok) return usageError(io, budget.message, usage);
  const jobs = parseJobs(values.jobs);
  if (jobs === undefined)
    return usageError(io, `--jobs takes a whole number from 1, got "${values.jobs}"`, usage);
  const agent = typeof values.agent === 'string' ? values.agent.trim() : undefined;
  if (agent === '') return usageError(io, '--agent takes a preset or a command line', usage);
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const loaded = await resolveMolecule(ctx.value, molId);
  if (!loaded.ok) return failWith(io, loaded.error);
  const { proto } = loaded.value;
  const by = whoAmI(io.env);
  const step = typeof values.step === 'string' ? values.step : undefined;
  const event = {
    type: 'budget' as const,
    budget: budget.value,
    by,
    ...(step === undefined ? {} : { step }),
  };
  const applied = await changeMolecule(ctx.value.store, proto, molId, () => ok([event]), io.now());
  if (!applied.ok) return failWith(io, applied.error);
  const progress = progressOutput(io, values.json === true);
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
  return finish(io, mol, proto, values.json === true);
}
