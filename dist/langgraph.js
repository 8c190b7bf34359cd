import { createRequire as __molCreateRequire } from 'node:module'; const require = __molCreateRequire(import.meta.url);

// src/langgraph/molecule-graph-state.ts
import { Annotation } from "@langchain/langgraph";
function moleculeGraphState(molId = "") {
  return Annotation.Root({
    /** The molecule the nodes record their steps in (with a manager). */
    mol_id: Annotation({ reducer: (_old, next) => next, default: () => molId }),
    /** Step id → what `runStep` returned (for a step an earlier run completed: its checkpoint's notes). */
    step_outputs: Annotation({
      reducer: (old, next) => ({ ...old, ...next }),
      default: () => ({})
    }),
    /** Step ids in the order their completions reached the graph. */
    completed_steps: Annotation({ reducer: (old, next) => [...old, ...next], default: () => [] })
  });
}
var STATE_KEYS = /* @__PURE__ */ new Set(["mol_id", "step_outputs", "completed_steps"]);

// src/langgraph/to-state-graph.ts
import { END, START, StateGraph } from "@langchain/langgraph";
import { MolecularError as MolecularError2 } from "./lib.js";

// src/langgraph/recorded-step.ts
import {
  MolecularError
} from "./lib.js";
async function runRecordedStep({ manager, molId, step, by, run }) {
  const mol = await manager.loadMolecule(molId);
  if (!mol) throw new MolecularError({ code: "not-found", message: `there is no molecule "${molId}"` });
  const found = stepIn(mol, step.id);
  switch (found.status) {
    case "completed":
      return { completed: true, output: found.checkpoint?.notes };
    case "skipped":
      return { completed: false };
    case "ready":
      await manager.startStep(molId, step.id, { by });
      break;
    case "in_progress":
      await manager.apply(molId, [
        { type: "release", step: step.id, by },
        { type: "start", step: step.id, by }
      ]);
      break;
    default:
      throw new MolecularError({ code: "invalid-state", message: cannotRun(mol, found) });
  }
  for (; ; ) {
    let output;
    try {
      output = await run();
    } catch (error) {
      const transient = isTransient(error);
      const failed = await manager.failStep(molId, step.id, messageOf(error), { by, transient });
      const after = stepIn(failed, step.id);
      if (after.status === "ready") {
        await manager.startStep(molId, step.id, { by });
        continue;
      }
      if (after.status === "completed") return { completed: false };
      throw error;
    }
    const done = stepIn(await manager.completeStep(molId, step.id, checkpointOf(output), { by }), step.id);
    if (done.status === "completed") return { completed: true, output };
    throw new MolecularError({
      code: "invalid-state",
      message: cannotRun(await reload(manager, molId), done)
    });
  }
}
function stepIn(mol, id) {
  const found = mol.steps.find((s) => s.id === id);
  if (found) return found;
  throw new MolecularError({
    code: "proto-mismatch",
    message: `molecule "${mol.id}" has no step "${id}": it was not poured from this formula (it runs "${mol.formula.name}")`
  });
}
async function reload(manager, molId) {
  const mol = await manager.loadMolecule(molId);
  if (!mol) throw new MolecularError({ code: "not-found", message: `there is no molecule "${molId}"` });
  return mol;
}
function isTransient(error) {
  return typeof error === "object" && error !== null && error.transient === true;
}
function cannotRun(mol, step) {
  const at = `step "${step.id}" of molecule "${mol.id}"`;
  switch (step.status) {
    case "failed":
      return `${at} failed for good (${step.error ?? "no error recorded"}): \`mol retry ${mol.id} ${step.id}\`, then invoke the graph again`;
    case "blocked":
      return `${at} is blocked by a failure before it: retry that step, then invoke the graph again`;
    case "awaiting_gate":
      return `${at} waits for its gates (${(step.gates ?? []).map((g) => g.detail).join("; ") || "pending"}): invoke the graph again once they pass`;
    default:
      return `${at} is ${step.status}, not ready to run (molecule ${mol.status}): \`mol status ${mol.id}\` says why`;
  }
}
function checkpointOf(output) {
  return { filesModified: [], testsPassed: true, notes: textOf(output) };
}
function textOf(output) {
  if (output === void 0) return "";
  if (typeof output === "string") return output;
  try {
    return JSON.stringify(output) ?? String(output);
  } catch {
    return String(output);
  }
}
function messageOf(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim() || "runStep threw";
}

// src/langgraph/to-state-graph.ts
function toStateGraph(proto, options) {
  if (typeof options?.runStep !== "function")
    throw new MolecularError2({
      code: "missing-argument",
      message: "toStateGraph needs { runStep }: the function that does a step's work"
    });
  for (const step of proto.steps) checkNodeName(step.id);
  const graph = new StateGraph(moleculeGraphState(options.moleculeId));
  for (const step of proto.steps) graph.addNode(step.id, nodeFor(step, options));
  const needed = /* @__PURE__ */ new Set();
  for (const step of proto.steps) {
    for (const need of step.needs) needed.add(need);
    const [only, ...more] = step.needs;
    if (only === void 0) graph.addEdge(START, step.id);
    else if (more.length === 0) graph.addEdge(only, step.id);
    else graph.addEdge(step.needs, step.id);
  }
  for (const step of proto.steps) if (!needed.has(step.id)) graph.addEdge(step.id, END);
  return graph;
}
function nodeFor(step, options) {
  const { manager, runStep } = options;
  return async (state) => {
    if (!manager) return completed(step.id, await runStep(step, state));
    if (!state.mol_id)
      throw new MolecularError2({
        code: "missing-argument",
        message: `step "${step.id}" has a manager to record it but no molecule: give toStateGraph a moleculeId, or invoke the graph with { mol_id }`
      });
    const outcome = await runRecordedStep({
      manager,
      molId: state.mol_id,
      step,
      by: options.by ?? "langgraph",
      run: async () => runStep(step, state)
    });
    return outcome.completed ? completed(step.id, outcome.output) : {};
  };
}
function completed(id, output) {
  return { step_outputs: { [id]: output }, completed_steps: [id] };
}
function checkNodeName(id) {
  const problem = STATE_KEYS.has(id) ? "the graph state has a key of that name" : id === START || id === END ? "LangGraph reserves that name" : /[|:]/.test(id) ? 'LangGraph reserves "|" and ":" in node names' : void 0;
  if (problem)
    throw new MolecularError2({
      code: "invalid-id",
      message: `step "${id}" cannot be a LangGraph node: ${problem}; rename the step`
    });
}
export {
  moleculeGraphState,
  toStateGraph
};
