import { renderMermaid } from '../../engine/index.js';
import { JSON_OPTION, parse } from '../args.js';
import { STORE_OPTION } from '../cli-context.js';
import { type CliIO, EXIT } from '../io.js';
import { moleculeJson, report } from '../print.js';
import { contextFor, failWith, resolveMolecule } from '../verb.js';
import { usageError } from './cook.js';

export const usage = 'mol status [<mol-id>] [--json] [--graph]';

/** The step table and progress of one molecule (without an id: the most recently changed active one). */
export async function statusCommand(io: CliIO, argv: string[]): Promise<number> {
  const args = parse(argv, { ...JSON_OPTION, ...STORE_OPTION, graph: { type: 'boolean' } });
  if (!args.ok) return usageError(io, args.error.message, usage);
  const [id, ...extra] = args.value.positionals;
  if (extra.length > 0) return usageError(io, `unexpected argument "${extra[0]}"`, usage);
  const ctx = await contextFor(io, args.value.values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const loaded = await resolveMolecule(ctx.value, id);
  if (!loaded.ok) return failWith(io, loaded.error);
  const { mol, proto } = loaded.value;
  if (args.value.values.json) {
    io.out(JSON.stringify(moleculeJson(mol, proto), null, 2));
    return EXIT.ok;
  }
  io.out(report(mol, proto, io.style));
  if (args.value.values.graph) io.out(`\n${renderMermaid(proto, mol)}`);
  return EXIT.ok;
}
