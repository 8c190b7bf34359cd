/**
 * A cooked formula as a LangGraph JS graph (VerMAS's optional LangGraph executor): every step a
 * node, `needs` as edges, steps nothing needs into END. A step with several needs hangs off one
 * waiting edge (`addEdge([a, b], c)`), so it runs once, after all of them, even when they finish
 * in different supersteps. The graph is returned uncompiled: the caller compiles it with its own
 * checkpointer, interrupts and store.
 */
import { END, START, StateGraph } from '@langchain/langgraph';
import { MolecularError, type MoleculeManager, type Proto, type ProtoStep } from '../index.js';
import {
  type MoleculeGraphAnnotation,
  type MoleculeGraphStateType,
  type MoleculeGraphUpdate,
  moleculeGraphState,
  STATE_KEYS,
} from './molecule-graph-state.js';
import { runRecordedStep } from './recorded-step.js';

export interface ToStateGraphOptions {
  /** The step's work (a person, a command, an agent): what it returns is the step's output. */
  runStep: (step: ProtoStep, state: MoleculeGraphStateType) => unknown;
  /**
   * Records every step in its molecule (the state's `mol_id`): start, completion with the output
   * as checkpoint notes, failures under the molecule's retry rules. A step the molecule already
   * completed is not run again; its output is its checkpoint's notes.
   */
  manager?: MoleculeManager;
  /** The molecule to record in: `mol_id` until an invoke gives another. */
  moleculeId?: string;
  /** Who the molecule's history says ran the steps (default `langgraph`). */
  by?: string;
}

export type MoleculeStateGraph = StateGraph<
  MoleculeGraphAnnotation['spec'],
  MoleculeGraphStateType,
  MoleculeGraphUpdate,
  string
>;

export function toStateGraph(proto: Proto, options: ToStateGraphOptions): MoleculeStateGraph {
  if (typeof options?.runStep !== 'function')
    throw new MolecularError({
      code: 'missing-argument',
      message: "toStateGraph needs { runStep }: the function that does a step's work",
    });
  for (const step of proto.steps) checkNodeName(step.id);
  const graph: MoleculeStateGraph = new StateGraph(moleculeGraphState(options.moleculeId));
  for (const step of proto.steps) graph.addNode(step.id, nodeFor(step, options));

  const needed = new Set<string>();
  for (const step of proto.steps) {
    for (const need of step.needs) needed.add(need);
    const [only, ...more] = step.needs;
    if (only === undefined) graph.addEdge(START, step.id);
    else if (more.length === 0) graph.addEdge(only, step.id);
    else graph.addEdge(step.needs, step.id);
  }
  for (const step of proto.steps) if (!needed.has(step.id)) graph.addEdge(step.id, END);
  return graph;
}

function nodeFor(step: ProtoStep, options: ToStateGraphOptions) {
  const { manager, runStep } = options;
  return async (state: MoleculeGraphStateType): Promise<MoleculeGraphUpdate> => {
    if (!manager) return completed(step.id, await runStep(step, state));
    if (!state.mol_id)
      throw new MolecularError({
        code: 'missing-argument',
        message: `step "${step.id}" has a manager to record it but no molecule: give toStateGraph a moleculeId, or invoke the graph with { mol_id }`,
      });
    const outcome = await runRecordedStep({
      manager,
      molId: state.mol_id,
      step,
      by: options.by ?? 'langgraph',
      run: async () => runStep(step, state),
    });
    return outcome.completed ? completed(step.id, outcome.output) : {};
  };
}

function completed(id: string, output: unknown): MoleculeGraphUpdate {
  return { step_outputs: { [id]: output }, completed_steps: [id] };
}

/** LangGraph's rules for node names, said once, before a graph is half built. */
function checkNodeName(id: string): void {
  const problem = STATE_KEYS.has(id)
    ? 'the graph state has a key of that name'
    : id === START || id === END
      ? 'LangGraph reserves that name'
      : /[|:]/.test(id)
        ? 'LangGraph reserves "|" and ":" in node names'
        : undefined;
  if (problem)
    throw new MolecularError({
      code: 'invalid-id',
      message: `step "${id}" cannot be a LangGraph node: ${problem}; rename the step`,
    });
}
