import { err, type Molecule, ok, type Proto, parseBudgetWords, withFanouts } from '../../engine/index.js';
import { checkId } from '../../local/store/store-layout.js';
import { changeMolecule } from '../../shell/change-molecule.js';
import { defaultLimits } from '../../shell/pour.js';
import { withAgent } from '../../shell/step/agent-command.js';
import { parseFormulaDirs, parseVars } from '../args.js';
import { continueMolecule } from '../continue-molecule.js';
import { execute } from '../executor.js';
import { type CliIO, progressOutput } from '../io.js';
import { loadMolecule } from '../load-molecule.js';
import { localPrices } from '../local-prices.js';
import { FORMULA_OPTIONS, ID, JOBS, RUN_JSON, STORE, VERBOSE } from '../options.js';
import { pourMolecule, whoAmI } from '../pour-molecule.js';
import { moleculeJson, report } from '../print.js';
import { printJson } from '../print-json.js';
import { workingTreeBusy } from '../tree-lock.js';
import { contextFor, exitFor, failWith } from '../verb.js';
import { defineVerb, type Values, type VerbCall } from '../verb-spec.js';

/**
 * Pours the formula (or takes the molecule of that id) and runs it until it is done or waits:
 * exit 0 complete, 1 failed, 3 waiting on steps without `run` or `agent` (a person does them).
 * `--agent` is, for this run, the agent of every task step without `run`; `--budget` gives a new
 * molecule the limits its formula does not set.
 */
export const run = defineVerb({
  name: 'run',
  summary: 'pour and run a formula, or run a molecule on (exit 0 done, 1 failed, 3 waiting)',
  args: [
    {
      name: 'file|name|mol-id',
      required: true,
      missing: 'which formula or molecule? give a file, a name or a molecule id',
      complete: 'formula',
    },
  ],
  options: [
    ...FORMULA_OPTIONS,
    JOBS,
    ID,
    {
      name: 'agent',
      value: 'CMD',
      meaning:
        'for this run, the agent of every task step without run (a preset such as claude, or a command line)',
    },
    {
      name: 'budget',
      value: 'usd=5,tokens=…',
      multiple: true,
      meaning: "a new molecule's budget where the formula sets none (usd, tokens, turns, time)",
    },
    VERBOSE,
    RUN_JSON,
    STORE,
  ],
  examples: ['mol run hello --var name=ada'],
  run: runCommand,
});

async function runCommand(call: VerbCall): Promise<number> {
  const { io, values } = call;
  const [target = ''] = call.positionals;
  const vars = parseVars(values.var);
  if (!vars.ok) return call.usageError(vars.error.message);
  const dirs = parseFormulaDirs(values.formulas, io.cwd);
  if (!dirs.ok) return call.usageError(dirs.error.message);
  const jobs = parseJobs(values.jobs);
  if (jobs === undefined) return call.usageError(`--jobs takes a whole number from 1, got "${values.jobs}"`);
  const agent = typeof values.agent === 'string' ? values.agent.trim() : undefined;
  if (agent === '') return call.usageError('--agent takes a preset or a command line');
  const budgetWords = (values.budget as string[] | undefined) ?? [];
  const budget = budgetWords.length === 0 ? undefined : parseBudgetWords(budgetWords);
  if (budget !== undefined && !budget.ok) return call.usageError(`--budget: ${budget.message}`);
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  // A broken price table is named before anything is poured (the executor reads it again).
  const prices = await localPrices(ctx.value.repoDir);
  if (!prices.ok) return failWith(io, prices.error);
  const progress = progressOutput(io);
  const by = whoAmI(io.env);

  // A molecule of that id runs on; anything else is a formula to pour first.
  const existing = checkId(target).ok ? await ctx.value.store.load(target) : undefined;
  if (existing !== undefined && !existing.ok) return failWith(io, existing.error);
  if (existing?.value !== undefined) {
    if (Object.keys(vars.value).length > 0 || values.overlay !== undefined || dirs.value.length > 0) {
      return call.usageError(
        `${target} is a molecule already poured; --var, --overlay and --formulas apply to formulas`,
      );
    }
    const loaded = await loadMolecule(ctx.value, target);
    if (!loaded.ok) return failWith(io, loaded.error);
    noteLocalJobs(io, loaded.value.proto, jobs);
    // `--agent` holds for this run only: the proto is cooked again from the formula next time.
    const ran = await continueMolecule(
      ctx.value,
      loaded.value.mol,
      withAgent(loaded.value.proto, agent),
      by,
      {
        jobs,
        ...progress,
        verbose: values.verbose === true,
      },
    );
    if (!ran.ok) return failWith(io, ran.error);
    return finish(io, ran.value, loaded.value.proto, values.json);
  }

  const poured = await pourMolecule(ctx.value, {
    formula: target,
    vars: vars.value,
    overlays: (values.overlay as string[] | undefined) ?? [],
    formulaDirs: dirs.value,
    ...(typeof values.id === 'string' ? { id: values.id } : {}),
    // Refused before it is poured: nothing to clean up when another local molecule runs here.
    admit: async (proto) => {
      const busy = proto.execution === 'local' ? await workingTreeBusy(ctx.value) : undefined;
      return busy === undefined ? ok(undefined) : err('lock-held', busy);
    },
  });
  if (!poured.ok) return failWith(io, poured.error);
  const { proto } = poured.value;
  let { mol } = poured.value;
  // The CLI's default budget holds where the formula sets no limit of its own.
  const defaults = budget?.ok ? defaultLimits(budget.value, proto.budget) : undefined;
  if (defaults !== undefined) {
    const event = { type: 'budget' as const, budget: defaults, by };
    const set = await changeMolecule(ctx.value.store, proto, mol.id, () => ok([event]), io.now());
    if (!set.ok) return failWith(io, set.error);
    mol = set.value.mol;
  }
  noteLocalJobs(io, proto, jobs);
  progress.print(
    `poured ${mol.id} (${proto.formula}: ${proto.steps.length} step${proto.steps.length === 1 ? '' : 's'}, ${proto.execution})`,
  );
  const ran = await execute(ctx.value, mol, withAgent(proto, agent), {
    jobs,
    ...progress,
    verbose: values.verbose === true,
  });
  if (!ran.ok) return failWith(io, ran.error);
  return finish(io, ran.value, proto, values.json);
}

/** The report (or the molecule as JSON) and the exit code its state stands for. */
export function finish(io: CliIO, mol: Molecule, cooked: Proto, json: Values[string]): number {
  const proto = withFanouts(cooked, mol);
  // A field typo is named, but the run happened: the exit code stays the molecule's.
  if (json) printJson(io, json, moleculeJson(mol, proto));
  else io.out(report(mol, proto, io.style));
  return exitFor(mol);
}

/**
 * `--jobs` above 1 on a local molecule: its steps share the one working tree and each commits
 * everything changed in it, so two at once would sweep each other's files into their commits. They
 * run one at a time, and the person who asked for more is told so instead of silently served less.
 */
export function noteLocalJobs(io: CliIO, proto: Proto, jobs: number): void {
  if (proto.execution !== 'local' || jobs <= 1) return;
  io.err(
    `mol: note: --jobs ${jobs} has no effect here: ${proto.formula} runs locally, one step at a time in the working tree (execution = "distributed" runs steps side by side)`,
  );
}

export function parseJobs(raw: unknown): number | undefined {
  if (raw === undefined) return 1;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}
