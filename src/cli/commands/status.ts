import { renderMermaid } from '../../engine/index.js';
import { EXIT } from '../io.js';
import { json, STORE } from '../options.js';
import { moleculeJson, report } from '../print.js';
import { printJson } from '../print-json.js';
import { contextFor, failWith, resolveMolecule } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';
import { watchStatus } from '../watch-status.js';

/** The step table and progress of one molecule (without an id: the most recently changed active one). */
export const status = defineVerb({
  name: 'status',
  summary: "a molecule's steps and progress (--json, --graph, --watch)",
  args: [{ name: 'mol-id', complete: 'molecule' }],
  options: [
    json("the molecule, with each step's title and the progress counts,"),
    { name: 'graph', meaning: 'add the mermaid graph, each step marked with its status' },
    {
      name: 'watch',
      meaning:
        'keep watching until the molecule ends (exit 0 complete, 1 failed): redrawn on a terminal, one line per change when piped',
    },
    STORE,
  ],
  examples: ['mol status hello-1a2b3c', 'mol status hello-1a2b3c --watch'],
  run: statusCommand,
});

async function statusCommand(call: VerbCall): Promise<number> {
  const { io, values: args } = call;
  const [id] = call.positionals;
  if (args.watch && (args.json || args.graph))
    return call.usageError('--watch takes neither --json nor --graph');
  const ctx = await contextFor(io, args);
  if (!ctx.ok) return failWith(io, ctx.error);
  const loaded = await resolveMolecule(ctx.value, id);
  if (!loaded.ok) return failWith(io, loaded.error);
  const { mol, proto } = loaded.value;
  if (args.watch) return watchStatus(ctx.value, loaded.value);
  if (args.json) return printJson(io, args.json, moleculeJson(mol, proto));
  io.out(report(mol, proto, io.style));
  if (args.graph) io.out(`\n${renderMermaid(proto, mol)}`);
  return EXIT.ok;
}
