import { renderMermaid } from '../../engine/render/mermaid.js';
import { cookNamed } from '../../shell/formulas/cook-named.js';
import { parse, parseVars, VAR_OPTION } from '../args.js';
import { type CliIO, EXIT } from '../io.js';
import { formulasHere, tellOn } from '../pour-molecule.js';
import { failWith } from '../verb.js';
import { usageError } from './cook.js';

export const usage = 'mol graph <file|name> [--var k=v]... [--overlay file]...';

export async function graphCommand(io: CliIO, argv: string[]): Promise<number> {
  const args = parse(argv, { ...VAR_OPTION, overlay: { type: 'string', multiple: true } });
  if (!args.ok) return usageError(io, args.error.message, usage);
  const [formula] = args.value.positionals;
  if (!formula) return usageError(io, 'which formula? give a file or a name', usage);
  const vars = parseVars(args.value.values.var);
  if (!vars.ok) return usageError(io, vars.error.message, usage);
  const cooked = await cookNamed(
    formulasHere(io),
    {
      formula,
      vars: vars.value,
      overlays: args.value.values.overlay as string[] | undefined,
    },
    tellOn(io),
  );
  if (!cooked.ok) {
    return failWith(io, cooked.error);
  }
  io.out(renderMermaid(cooked.value.proto));
  return EXIT.ok;
}
