import { type CookedFormula, cookNamed } from '../../shell/formulas/cook-named.js';
import {
  FORMULAS_OPTION,
  JSON_OPTION,
  type Options,
  type Parsed,
  parse,
  parseFormulaDirs,
  parseVars,
  VAR_OPTION,
} from '../args.js';
import { type CliIO, EXIT } from '../io.js';
import { formulasHere, tellOn } from '../pour-molecule.js';
import { failWith } from '../verb.js';

export const usage = 'mol cook <file|name> [--var k=v]... [--overlay file]... [--formulas DIR]... [--json]';

export async function cookCommand(io: CliIO, argv: string[]): Promise<number> {
  const cooked = await cookFromArgs(io, argv, JSON_OPTION, usage);
  if (typeof cooked === 'number') return cooked;
  const { proto, values } = cooked;
  if (values.json) {
    io.out(JSON.stringify(proto, null, 2));
    return EXIT.ok;
  }
  io.out(`${proto.formula} (${proto.type}, ${proto.execution}) — ${proto.steps.length} steps`);
  if (proto.description) io.out(firstLine(proto.description));
  if (proto.reviewOnly) io.out('review only: every leg analyses, no commits expected');
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
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * `<file|name> [--var k=v]... [--overlay file]...` (plus the verb's own `options`), cooked; the
 * exit code when the arguments or the formula are wrong, said on stderr.
 */
export async function cookFromArgs(
  io: CliIO,
  argv: string[],
  options: Options,
  usageLine: string,
): Promise<number | (CookedFormula & { values: Parsed['values'] })> {
  const args = parse(argv, {
    ...VAR_OPTION,
    ...FORMULAS_OPTION,
    ...options,
    overlay: { type: 'string', multiple: true },
  });
  if (!args.ok) return usageError(io, args.error.message, usageLine);
  const [formula] = args.value.positionals;
  if (!formula) return usageError(io, 'which formula? give a file or a name', usageLine);
  const vars = parseVars(args.value.values.var);
  if (!vars.ok) return usageError(io, vars.error.message, usageLine);
  const dirs = parseFormulaDirs(args.value.values.formulas, io.cwd);
  if (!dirs.ok) return usageError(io, dirs.error.message, usageLine);
  const overlays = (args.value.values.overlay as string[] | undefined) ?? [];
  const cooked = await cookNamed(
    formulasHere(io, dirs.value),
    { formula, vars: vars.value, overlays },
    tellOn(io),
  );
  if (!cooked.ok) return failWith(io, cooked.error);
  return { ...cooked.value, values: args.value.values };
}

export function usageError(io: CliIO, message: string, usageLine: string): number {
  io.err(`mol: ${message}\nusage: ${usageLine}`);
  return EXIT.failed;
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}
