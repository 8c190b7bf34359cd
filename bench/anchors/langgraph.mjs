// The LangGraph JS anchors of the issue-14 table: the same chain of no-op steps as Molecular's
// rows, run by LangGraph without a checkpointer (pure), with SqliteSaver on local disk (durable:
// one checkpoint per step) and with MemorySaver (the state serialized after every step).
// Imported by bench/scale.mjs only when `npm run bench:anchors` installed this package.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Annotation, END, MemorySaver, START, StateGraph } from '@langchain/langgraph';

const State = Annotation.Root({
  done: Annotation({ reducer: (_old, next) => next, default: () => 0 }),
});

function chain(n) {
  const graph = new StateGraph(State);
  for (let i = 0; i < n; i++) graph.addNode(`s${i}`, (s) => ({ done: s.done + 1 }));
  graph.addEdge(START, 's0');
  for (let i = 1; i < n; i++) graph.addEdge(`s${i - 1}`, `s${i}`);
  graph.addEdge(`s${n - 1}`, END);
  return graph;
}

async function timed(app, n, thread) {
  const start = performance.now();
  const out = await app.invoke(
    { done: 0 },
    { recursionLimit: n + 10, ...(thread ? { configurable: { thread_id: thread } } : {}) },
  );
  if (out.done !== n) throw new Error(`LangGraph ran ${out.done} of ${n} steps`);
  return performance.now() - start;
}

export function version() {
  return createRequire(import.meta.url)('@langchain/langgraph/package.json').version;
}

/** The SQLite checkpointer, or undefined when its optional native module was not built. */
async function sqliteSaver() {
  try {
    return (await import('@langchain/langgraph-checkpoint-sqlite')).SqliteSaver;
  } catch {
    return undefined;
  }
}

/** Milliseconds for an n-step chain: { pure, durable, encode } (durable undefined without SQLite). */
export async function measureAnchors(n) {
  const graph = chain(n);
  const pure = await timed(graph.compile(), n);
  const encode = await timed(graph.compile({ checkpointer: new MemorySaver() }), n, 'memory');
  const SqliteSaver = await sqliteSaver();
  if (!SqliteSaver) return { pure, encode };
  const dir = await mkdtemp(join(tmpdir(), 'mol-bench-langgraph-'));
  try {
    const saver = SqliteSaver.fromConnString(join(dir, 'checkpoints.sqlite'));
    const durable = await timed(graph.compile({ checkpointer: saver }), n, 'durable');
    return { pure, durable, encode };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
