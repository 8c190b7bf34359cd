/**
 * The state a formula's LangGraph graph carries, as in the VerMAS executor this comes from:
 * the molecule's id, each step's output, and the steps completed so far. Steps that run side by
 * side in one superstep all write outputs and completions, so both channels merge instead of
 * keeping the last write (which LangGraph refuses for parallel writers).
 */
import { Annotation } from '@langchain/langgraph';

/** The state's annotation; `molId` is `mol_id` until an invoke sets another. */
export function moleculeGraphState(molId = '') {
  return Annotation.Root({
    /** The molecule the nodes record their steps in (with a manager). */
    mol_id: Annotation<string>({ reducer: (_old, next) => next, default: () => molId }),
    /** Step id → what `runStep` returned (for a step an earlier run completed: its checkpoint's notes). */
    step_outputs: Annotation<Record<string, unknown>>({
      reducer: (old, next) => ({ ...old, ...next }),
      default: () => ({}),
    }),
    /** Step ids in the order their completions reached the graph. */
    completed_steps: Annotation<string[]>({ reducer: (old, next) => [...old, ...next], default: () => [] }),
  });
}

export type MoleculeGraphAnnotation = ReturnType<typeof moleculeGraphState>;
export type MoleculeGraphStateType = MoleculeGraphAnnotation['State'];
export type MoleculeGraphUpdate = MoleculeGraphAnnotation['Update'];

/** The state's own keys: LangGraph refuses a node of the same name. */
export const STATE_KEYS: ReadonlySet<string> = new Set(['mol_id', 'step_outputs', 'completed_steps']);
