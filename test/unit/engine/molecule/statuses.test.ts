import { describe, expect, it } from 'vitest';
import { MOLECULE_MACHINE } from '../../../../src/engine/molecule/machine/molecule-machine.js';
import { canTransition } from '../../../../src/engine/molecule/machine/table.js';
import { MOLECULE_STATUSES } from '../../../../src/engine/molecule/molecule-schema.js';
import {
  FINAL_MOLECULE_STATUSES,
  isLive,
  LIVE_STATUS_LIST,
  startsSteps,
  TERMINAL_MOLECULE_STATUSES,
} from '../../../../src/engine/molecule/statuses.js';

describe('molecule statuses', () => {
  it('are each live, terminal or final, exactly one of them', () => {
    for (const status of MOLECULE_STATUSES) {
      const kinds = [
        isLive(status),
        TERMINAL_MOLECULE_STATUSES.has(status),
        FINAL_MOLECULE_STATUSES.has(status),
      ];
      expect(kinds.filter(Boolean), status).toHaveLength(1);
    }
    expect([...LIVE_STATUS_LIST].sort()).toEqual(MOLECULE_STATUSES.filter(isLive).sort());
  });

  it('live ones are those the scheduler may still settle into an outcome', () => {
    for (const status of MOLECULE_STATUSES)
      expect(canTransition(MOLECULE_MACHINE, status, 'settle'), status).toBe(isLive(status));
  });

  it('start steps only where the machine accepts a start (not paused)', () => {
    for (const status of MOLECULE_STATUSES)
      expect(startsSteps(status), status).toBe(canTransition(MOLECULE_MACHINE, status, 'start'));
  });
});
