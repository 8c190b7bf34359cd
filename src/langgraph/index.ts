/**
 * `@molecular-dev/molecular/langgraph`: a cooked formula as a LangGraph JS `StateGraph`, with
 * Molecular keeping the record of what ran. `@langchain/langgraph` is an optional peer: only this
 * entry loads it, never the library's main entry.
 */
export {
  type MoleculeGraphAnnotation,
  type MoleculeGraphStateType,
  type MoleculeGraphUpdate,
  moleculeGraphState,
} from './molecule-graph-state.js';
export { type MoleculeStateGraph, type ToStateGraphOptions, toStateGraph } from './to-state-graph.js';
