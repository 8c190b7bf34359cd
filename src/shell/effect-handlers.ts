/**
 * What a face supplies to carry out effects (`carryOut` in carry-out.ts owns the loop): how it
 * judges gates and how it does every other effect. GitHub's handlers live in
 * src/shell/github/github-effects.ts, the CLI's in src/local/local-effects.ts.
 */

import type { Effect, GateResult, Molecule, MoleculeEvent, ProtoGate } from '../engine/index.js';

export interface EffectsOutcome {
  /** The molecule as it stands afterwards (gate results judged on the way may have moved it). */
  mol: Molecule;
  /** Sentences for the person who acted: notices of the engine, what waits for what. */
  notices: string[];
  /** Effects that could not be carried out, in a sentence each. The change itself stands. */
  problems: string[];
  /** Steps whose job was started. */
  dispatched: string[];
}

export type GateEffect = Extract<Effect, { type: 'evaluate-gates' }>;
export type DeliverEffect = Extract<Effect, { type: 'deliver' }>;
export type OtherEffect = Exclude<Effect, GateEffect | DeliverEffect>;

export interface EffectHandlers {
  /**
   * Results for the gates of `step` this face can judge now. A gate left out, or given as
   * `passed: null`, keeps waiting; nothing is recorded unless one was decided.
   */
  judgeGates(
    mol: Molecule,
    step: string,
    gates: readonly ProtoGate[],
    out: EffectsOutcome,
  ): Promise<GateResult[]>;
  /**
   * `[pull_request]`: build the result branch and open the pull request (or find it); the events
   * that say what happened are recorded like gate results. A face without it delivers nothing.
   */
  deliver?(effect: DeliverEffect, mol: Molecule, out: EffectsOutcome): Promise<MoleculeEvent[]>;
  /** The decided results were recorded (`out.mol` shows them). */
  gatesRecorded?(step: string, decided: readonly GateResult[], out: EffectsOutcome): void;
  /**
   * Every other effect, on the molecule as it stands; `batch` is the list it came in. What fails
   * goes into `out.problems` (a throw is caught and reported there too).
   */
  carry(effect: OtherEffect, mol: Molecule, batch: readonly Effect[], out: EffectsOutcome): Promise<void>;
}
