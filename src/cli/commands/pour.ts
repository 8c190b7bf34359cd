import { parseDuration } from '../../engine/index.js';
import { FORMULAS_OPTION, JSON_OPTION, parse, parseFormulaDirs, parseVars, VAR_OPTION } from '../args.js';
import { STORE_OPTION } from '../cli-context.js';
import { type CliIO, EXIT } from '../io.js';
import { pourMolecule } from '../pour-molecule.js';
import { moleculeJson } from '../print.js';
import { contextFor, failWith } from '../verb.js';
import { usageError } from './cook.js';

export const usage =
  'mol pour <file|name> [--var k=v]... [--overlay file]... [--formulas DIR]... [--id ID] [--json]';
export const wispUsage =
  'mol wisp <file|name> [--ttl 1h] [--var k=v]... [--overlay file]... [--formulas DIR]... [--id ID] [--json]';

const OPTIONS = {
  ...VAR_OPTION,
  ...JSON_OPTION,
  ...STORE_OPTION,
  ...FORMULAS_OPTION,
  overlay: { type: 'string', multiple: true },
  id: { type: 'string' },
} as const;

/** Pours a molecule into the store and prints its id (or, with --json, the molecule). */
export function pourCommand(io: CliIO, argv: string[]): Promise<number> {
  return pourAs(io, argv, 'mol');
}

/** A wisp: an ephemeral molecule that evaporates once its TTL (default 1h) passes (`mol gc`, `mol patrol`). */
export function wispCommand(io: CliIO, argv: string[]): Promise<number> {
  return pourAs(io, argv, 'wisp');
}

async function pourAs(io: CliIO, argv: string[], kind: 'mol' | 'wisp'): Promise<number> {
  const line = kind === 'wisp' ? wispUsage : usage;
  const options = kind === 'wisp' ? { ...OPTIONS, ttl: { type: 'string' } as const } : OPTIONS;
  const args = parse(argv, options);
  if (!args.ok) return usageError(io, args.error.message, line);
  const [formula, ...extra] = args.value.positionals;
  if (!formula) return usageError(io, 'which formula? give a file or a name', line);
  if (extra.length > 0) return usageError(io, `unexpected argument "${extra[0]}"`, line);
  const vars = parseVars(args.value.values.var);
  if (!vars.ok) return usageError(io, vars.error.message, line);
  const dirs = parseFormulaDirs(args.value.values.formulas, io.cwd);
  if (!dirs.ok) return usageError(io, dirs.error.message, line);
  let ttlMs: number | undefined;
  if (kind === 'wisp') {
    const ttl = (args.value.values.ttl as string | undefined) ?? '1h';
    ttlMs = parseDuration(ttl);
    if (ttlMs === undefined || ttlMs <= 0)
      return usageError(io, `--ttl takes a duration like 30m or 2h, got "${ttl}"`, line);
  }
  const ctx = await contextFor(io, args.value.values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const poured = await pourMolecule(ctx.value, {
    formula,
    vars: vars.value,
    overlays: (args.value.values.overlay as string[] | undefined) ?? [],
    formulaDirs: dirs.value,
    kind,
    ...(ttlMs === undefined ? {} : { ttlMs }),
    ...(typeof args.value.values.id === 'string' ? { id: args.value.values.id } : {}),
  });
  if (!poured.ok) return failWith(io, poured.error);
  const { mol, proto } = poured.value;
  io.out(args.value.values.json ? JSON.stringify(moleculeJson(mol, proto), null, 2) : mol.id);
  return EXIT.ok;
}
