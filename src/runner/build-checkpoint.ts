/**
 * The checkpoint a step leaves in the molecule's state: what it committed, what it
 * touched, whether its tests passed, and the end of its output, so a failure can be read from the
 * state comment without the runner's logs.
 */
import { type Checkpoint, type GateResult, OUTPUT_TAIL_CHARS } from '../engine/index.js';

export interface BuildCheckpointOptions {
  commit?: string;
  filesModified: string[];
  gates: GateResult[];
  /** Whether the step's own command succeeded (undefined: it had none). */
  commandPassed?: boolean;
  notes?: string;
  outputTail?: string;
  now: () => Date;
  /** The state has a size budget; one step's tail keeps at most this many characters (default OUTPUT_TAIL_CHARS). */
  tailChars?: number;
}

export function buildCheckpoint(options: BuildCheckpointOptions): Checkpoint {
  const commandGates = options.gates.filter((g) => g.type === 'command');
  const testsPassed = options.commandPassed !== false && commandGates.every((g) => g.passed === true);
  const limit = options.tailChars ?? OUTPUT_TAIL_CHARS;
  const tail = options.outputTail;
  return {
    ...(options.commit !== undefined ? { commit: options.commit } : {}),
    filesModified: options.filesModified,
    testsPassed,
    notes: options.notes ?? '',
    capturedAt: options.now().toISOString(),
    ...(tail !== undefined && tail !== ''
      ? { outputTail: tail.length > limit ? tail.slice(-limit) : tail }
      : {}),
  };
}
