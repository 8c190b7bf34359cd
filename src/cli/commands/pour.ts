import { parseDuration } from '../../engine/index.js';
import { parseFormulaDirs, parseVars } from '../args.js';
import { EXIT } from '../io.js';
import { FORMULA_OPTIONS, ID, json, STORE } from '../options.js';
import { pourMolecule } from '../pour-molecule.js';
import { moleculeJson } from '../print.js';
import { printJson } from '../print-json.js';
import { contextFor, failWith } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';
import { FORMULA_ARG } from './cook.js';

const OPTIONS = [...FORMULA_OPTIONS, ID, json('the molecule instead of its id'), STORE];

/** Pours a molecule into the store and prints its id (or, with --json, the molecule). */
export const pour = defineVerb({
  name: 'pour',
  summary: 'pour a formula into a molecule; prints its id (--json: the molecule)',
  args: [FORMULA_ARG],
  options: OPTIONS,
  examples: ['mol pour hello --var name=ada'],
  run: (call) => pourAs(call, 'mol'),
});

/**
 * A wisp: an ephemeral molecule that evaporates once its TTL (default 1h) passes (`mol gc`, `mol patrol`).
 * A patrol's wisp (`mol-<role>-patrol`) is one round: when it completes the next round is poured,
 * unless `--once` made this round the last.
 */
export const wisp = defineVerb({
  name: 'wisp',
  summary: 'pour an ephemeral wisp that evaporates after --ttl (default 1h)',
  args: [FORMULA_ARG],
  options: [
    {
      name: 'ttl',
      value: 'duration',
      meaning: 'how long until it evaporates, like 30m or 2h (default 1h)',
    },
    {
      name: 'once',
      meaning: 'a patrol (mol-<role>-patrol) runs this one round: no next round is poured when it completes',
    },
    ...OPTIONS,
  ],
  examples: ['mol wisp hello --var name=ada --ttl 30m', 'mol wisp mol-witness-patrol --once'],
  run: (call) => pourAs(call, 'wisp'),
});

async function pourAs(call: VerbCall, kind: 'mol' | 'wisp'): Promise<number> {
  const { io, values } = call;
  const [formula = ''] = call.positionals;
  const vars = parseVars(values.var);
  if (!vars.ok) return call.usageError(vars.error.message);
  const dirs = parseFormulaDirs(values.formulas, io.cwd);
  if (!dirs.ok) return call.usageError(dirs.error.message);
  let ttlMs: number | undefined;
  if (kind === 'wisp') {
    const ttl = (values.ttl as string | undefined) ?? '1h';
    ttlMs = parseDuration(ttl);
    if (ttlMs === undefined || ttlMs <= 0)
      return call.usageError(`--ttl takes a duration like 30m or 2h, got "${ttl}"`);
  }
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const poured = await pourMolecule(ctx.value, {
    formula,
    vars: vars.value,
    overlays: (values.overlay as string[] | undefined) ?? [],
    formulaDirs: dirs.value,
    kind,
    ...(ttlMs === undefined ? {} : { ttlMs }),
    ...(kind === 'wisp' && values.once === true ? { loop: { round: 1, last: true } } : {}),
    ...(typeof values.id === 'string' ? { id: values.id } : {}),
  });
  if (!poured.ok) return failWith(io, poured.error);
  const { mol, proto } = poured.value;
  if (values.json) return printJson(io, values.json, moleculeJson(mol, proto));
  io.out(mol.id);
  return EXIT.ok;
}
