/**
 * What a person's command asks of a molecule, as events: one rule for `/mol <verb>` on an issue
 * and `mol <verb>` in a terminal, so both faces treat a step the same. It reads the molecule as it
 * stands (under the store's lock), because the events depend on it: a step that is ready was never
 * started by anyone (a person's step, a job not begun), so failing it starts it first.
 */

import type { Budget } from '../budget/budget.js';
import type { Checkpoint, Molecule } from '../molecule/molecule-schema.js';
import type { MoleculeEvent } from '../molecule/ops/events.js';

/** The commands that change a molecule (a parsed `/mol` command is one; `mol <verb>` builds one). */
export type MoleculeCommand =
  /** The checkpoint is what the face knows of the work (the CLI's HEAD); none on GitHub. */
  | { verb: 'done'; step: string; checkpoint?: Checkpoint }
  | { verb: 'fail'; step: string; reason: string }
  | { verb: 'retry'; step: string }
  /** `force`: also a gate step or an approval not given (the engine's rule, ops/skip.ts). */
  | { verb: 'skip'; step: string; reason?: string; force?: boolean }
  | { verb: 'approve'; step: string }
  | { verb: 'rollback'; step?: string }
  | { verb: 'squash'; summary?: string }
  | { verb: 'burn'; force: boolean }
  | { verb: 'reset'; force: boolean }
  | { verb: 'budget'; budget: Budget; step?: string };

export function commandEvents(command: MoleculeCommand, mol: Molecule, by: string): MoleculeEvent[] {
  switch (command.verb) {
    case 'done':
      return [
        {
          type: 'complete',
          step: command.step,
          by,
          ...(command.checkpoint === undefined ? {} : { checkpoint: command.checkpoint }),
        },
      ];
    case 'fail': {
      const fail: MoleculeEvent = { type: 'fail', step: command.step, error: command.reason, by };
      const ready = mol.steps.find((s) => s.id === command.step)?.status === 'ready';
      return ready ? [{ type: 'start', step: command.step, by }, fail] : [fail];
    }
    case 'retry':
      return [{ type: 'retry', step: command.step, by }];
    case 'skip':
      return [
        {
          type: 'skip',
          step: command.step,
          by,
          ...(command.reason ? { reason: command.reason } : {}),
          ...(command.force ? { force: true } : {}),
        },
      ];
    case 'approve':
      return [{ type: 'approve', step: command.step, by }];
    case 'rollback':
      return [{ type: 'rollback', by, ...(command.step === undefined ? {} : { step: command.step }) }];
    case 'squash':
      return [{ type: 'squash', by, ...(command.summary === undefined ? {} : { summary: command.summary }) }];
    case 'burn':
      return [{ type: 'burn', by, force: command.force }];
    case 'reset':
      return [command.force ? { type: 'force-reset', by } : { type: 'reset', by }];
    case 'budget':
      return [
        {
          type: 'budget',
          budget: command.budget,
          by,
          ...(command.step === undefined ? {} : { step: command.step }),
        },
      ];
  }
}
