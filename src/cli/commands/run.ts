import { err, type Molecule, ok, type Proto, parseBudgetWords } from '../../engine/index.js';
import { checkId } from '../../local/store/store-layout.js';
import { changeMolecule } from '../../shell/change-molecule.js';
import { defaultLimits } from '../../shell/pour.js';
import { withAgent } from '../../shell/step/agent-command.js';
import { FORMULAS_OPTION, JSON_OPTION, parse, parseFormulaDirs, parseVars, VAR_OPTION } from '../args.js';
import { STORE_OPTION } from '../cli-context.js';
import { continueMolecule } from '../continue-molecule.js';
import { execute } from '../executor.js';
import { type CliIO, progressOutput } from '../io.js';
import { loadMolecule } from '../load-molecule.js';
import { pourMolecule, whoAmI } from '../pour-molecule.js';
import { moleculeJson, report } from '../print.js';
import { workingTreeBusy } from '../tree-lock.js';
import { contextFor, exitFor, failWith } from '../verb.js';
import { usageError } from './cook.js';

export const usage =
  'mol run <file|name|mol-id> [--var k=v]... [--overlay file]... [--formulas DIR]... [--jobs N] [--id ID] [--agent CMD] [--budget usd=5,...] [--verbose] [--json]';

export const RUN_OPTIONS = {
  ...JSON_OPTION,
  ...STORE_OPTION,
  jobs: { type: 'string', short: 'j' },
  verbose: { type: 'boolean' },
} as const;

/**
 * Pours the formula (or takes the molecule of that id) and runs it until it is done or waits:
 * exit 0 complete, 1 failed, 3 waiting on steps without `run` or `agent` (a person does them).
 * `--agent` replaces the agent of every agent step for this run.
 */
export async function runCommand(io: CliIO, argv: string[]): Promise<number> {
  const args = parse(argv, {
    ...RUN_OPTIONS,
    ...VAR_OPTION,
    ...FORMULAS_OPTION,
    overlay: { type: 'string', multiple: true },
    id: { type: 'string' },
    agent: { type: 'string' },
    budget: { type: 'string', multiple: true },
  });
  if (!args.ok) return usageError(io, args.error.message, usage);
  const { values, positionals } = args.value;
  const [target, ...extra] = positionals;
  if (!target)
    return usageError(io, 'which formula or molecule? give a file, a name or a molecule id', usage);
  if (extra.length > 0) return usageError(io, `unexpected argument "${extra[0]}"`, usage);
  const vars = parseVars(values.var);
  if (!vars.ok) return usageError(io, vars.error.message, usage);
  const dirs = parseFormulaDirs(values.formulas, io.cwd);
  if (!dirs.ok) return usageError(io, dirs.error.message, usage);
  const jobs = parseJobs(values.jobs);
  if (jobs === undefined)
    return usageError(io, `--jobs takes a whole number from 1, got "${values.jobs}"`, usage);
  const agent = typeof values.agent === 'string' ? values.agent.trim() : undefined;
  if (agent === '') return usageError(io, '--agent takes a preset or a command line', usage);
  const budgetWords = (values.budget as string[] | undefined) ?? [];
  const budget = budgetWords.length === 0 ? undefined : parseBudgetWords(budgetWords);
  if (budget !== undefined && !budget.ok) return usageError(io, `--budget: ${budget.message}`, usage);
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const progress = progressOutput(io, values.json === true);
  const by = whoAmI(io.env);

  // A molecule of that id runs on; anything else is a formula to pour first.
  const existing = checkId(target).ok ? await ctx.value.store.load(target) : undefined;
  if (existing !== undefined && !existing.ok) return failWith(io, existing.error);
  if (existing?.value !== undefined) {
    if (Object.keys(vars.value).length > 0 || values.overlay !== undefined || dirs.value.length > 0) {
      return usageError(
        io,
        `${target} is a molecule already poured; --var, --overlay and --formulas apply to formulas`,
        usage,
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
    return finish(io, ran.value, loaded.value.proto, values.json === true);
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
  return finish(io, ran.value, proto, values.json === true);
}

/** The report (or the molecule as JSON) and the exit code its state stands for. */
export function finish(io: CliIO, mol: Molecule, proto: Proto, json: boolean): number {
  if (json) io.out(JSON.stringify(moleculeJson(mol, proto), null, 2));
  else io.out(`\n${report(mol, proto, io.style)}`);
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
