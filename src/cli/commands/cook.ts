import { type CookedFormula, cookNamed } from '../../shell/formulas/cook-named.js';
import { parseFormulaDirs, parseVars } from '../args.js';
import { EXIT } from '../io.js';
import { FORMULA_OPTIONS, json } from '../options.js';
import { formulasHere, tellOn } from '../pour-molecule.js';
import { printJson } from '../print-json.js';
import { failWith } from '../verb.js';
import { type ArgSpec, defineVerb, type VerbCall } from '../verb-spec.js';

/** The formula argument of cook, graph, pour and wisp. */
export const FORMULA_ARG: ArgSpec = {
  name: 'file|name',
  required: true,
  missing: 'which formula? give a file or a name',
  complete: 'formula',
};

export const cook = defineVerb({
  name: 'cook',
  summary: 'cook a formula into a proto (--json for data)',
  args: [FORMULA_ARG],
  options: [...FORMULA_OPTIONS, json('the proto')],
  examples: ['mol cook hello --var name=ada'],
  run: cookCommand,
});

async function cookCommand(call: VerbCall): Promise<number> {
  const { io } = call;
  const cooked = await cookFromArgs(call);
  if (typeof cooked === 'number') return cooked;
  const { proto } = cooked;
  if (call.values.json) return printJson(io, call.values.json, proto);
  io.out(`${proto.formula} (${proto.type}, ${proto.execution}) — ${proto.steps.length} steps`);
  if (proto.description) io.out(firstLine(proto.description));
  if (proto.reviewOnly) io.out('review only: every leg analyses, no commits expected');
  for (const point of proto.bondPoints ?? []) {
    const where = point.afterStep
      ? ` (after ${point.afterStep})`
      : point.beforeStep
        ? ` (before ${point.beforeStep})`
        : '';
    io.out(`bond point: ${point.id}${where}`);
  }
  const vars2 = Object.entries(proto.vars);
  if (vars2.length) {
    io.out('\nvars:');
    for (const [name, v] of vars2) {
      const how = v.required
        ? 'required'
        : v.default !== undefined
          ? `default ${JSON.stringify(v.default)}`
          : 'optional';
      io.out(`  ${name} (${how})${v.description ? ` — ${firstLine(v.description)}` : ''}`);
    }
  }
  io.out('\nsteps:');
  for (const step of proto.steps) {
    const needs = step.needs.length ? `  ← ${step.needs.join(', ')}` : '';
    io.out(`  ${step.id}: ${step.title}${needs}`);
    const info = informationLine(step);
    if (info) io.out(`    ${info}`);
  }
  return EXIT.ok;
}

/** The keys a step carries for people and tools only (upstream's labels, priority, notes...), on one line. */
function informationLine(step: CookedFormula['proto']['steps'][number]): string {
  return [
    step.kind && `type ${step.kind}`,
    step.priority !== undefined && `priority ${step.priority}`,
    step.tags?.length && `tags ${step.tags.join(', ')}`,
    step.interactive && 'interactive',
    step.reviewOnly && 'review only',
    step.metadata &&
      `metadata ${Object.entries(step.metadata)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`,
    step.notes && `notes: ${firstLine(step.notes)}`,
    step.fanout &&
      `on complete: ${step.fanout.bond} for each of ${step.fanout.forEach}${step.fanout.sequential ? ', one after another' : ''}`,
    step.waitsFor &&
      `waits for ${step.waitsFor.gate === 'any-children' ? 'one' : 'all'} of ${step.waitsFor.spawner}'s children`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * `<file|name> [--var k=v]... [--overlay file]... [--formulas DIR]...`, cooked; the exit code when
 * the arguments or the formula are wrong, said on stderr.
 */
export async function cookFromArgs(call: VerbCall): Promise<number | CookedFormula> {
  const { io, values } = call;
  const [formula = ''] = call.positionals;
  const vars = parseVars(values.var);
  if (!vars.ok) return call.usageError(vars.error.message);
  const dirs = parseFormulaDirs(values.formulas, io.cwd);
  if (!dirs.ok) return call.usageError(dirs.error.message);
  const overlays = (values.overlay as string[] | undefined) ?? [];
  const cooked = await cookNamed(
    formulasHere(io, dirs.value),
    { formula, vars: vars.value, overlays },
    tellOn(io),
  );
  if (!cooked.ok) return failWith(io, cooked.error);
  return cooked.value;
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}
