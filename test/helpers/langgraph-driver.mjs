// A separate process running a formula as a LangGraph graph through the bundled entries (the
// package's dist/lib.js and dist/langgraph.js), recording in a local store. For the e2e tests of
// the LangGraph entry: a step named by `crashAt` exits the process mid-graph, as a crash would.
// Usage: node langgraph-driver.mjs '<json: { dist, formula, store, mol, log, crashAt? }>'
// Prints the graph's final state as JSON.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const { dist, formula, store, mol, log, crashAt } = JSON.parse(process.argv[2]);
const lib = await import(pathToFileURL(join(dist, 'lib.js')).href);
const { toStateGraph } = await import(pathToFileURL(join(dist, 'langgraph.js')).href);

const parsed = lib.parseFormula(readFileSync(formula, 'utf8'), formula);
const proto = lib.unwrap(lib.cook(lib.unwrap(parsed))).proto;
const manager = lib.createMoleculeManager(lib.createLocalStore({ dir: store }), {
  resolveProto: () => lib.ok(proto),
});

const graph = toStateGraph(proto, {
  manager,
  moleculeId: mol,
  runStep: async (step) => {
    appendFileSync(log, `start ${step.id}\n`);
    if (step.id === crashAt) process.exit(3);
    appendFileSync(log, `end ${step.id}\n`);
    return `${step.id}: done`;
  },
});
const final = await graph.compile().invoke({});
process.stdout.write(JSON.stringify(final));
