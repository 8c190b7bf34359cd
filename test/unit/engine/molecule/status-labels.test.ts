import { describe, expect, it } from 'vitest';
import { MOLECULE_STATUSES } from '../../../../src/engine/molecule/molecule-schema.js';
import { labelChange, statusLabel, statusLabels } from '../../../../src/engine/molecule/status-labels.js';
import { isLive } from '../../../../src/engine/molecule/statuses.js';

describe('status labels', () => {
  it('show molecule:active while live, the outcome when finished, nothing once squashed or burned', () => {
    for (const status of MOLECULE_STATUSES) {
      const label = statusLabel(status);
      if (isLive(status)) expect(label).toBe('molecule:active');
      else if (status === 'complete') expect(label).toBe('molecule:complete');
      else if (status === 'failed') expect(label).toBe('molecule:failed');
      else expect(label).toBeUndefined();
    }
  });

  it('search the labels of the statuses asked for, each once', () => {
    expect(statusLabels(['pending', 'in_progress', 'paused'])).toEqual(['molecule:active']);
    expect(statusLabels(['failed', 'burned'])).toEqual(['molecule:failed']);
    expect(statusLabels().sort()).toEqual(['molecule:active', 'molecule:complete', 'molecule:failed']);
  });

  it('maps status changes to label changes; squash keeps the outcome label, burn leaves none', () => {
    expect(labelChange('pending', 'in_progress')).toBeUndefined();
    expect(labelChange('in_progress', 'complete')).toEqual({
      add: ['molecule:complete'],
      remove: ['molecule:active'],
    });
    expect(labelChange('in_progress', 'failed')).toEqual({
      add: ['molecule:failed'],
      remove: ['molecule:active'],
    });
    expect(labelChange('complete', 'squashed')).toBeUndefined();
    expect(labelChange('in_progress', 'squashed')).toEqual({ add: [], remove: ['molecule:active'] });
    expect(labelChange('failed', 'burned')).toEqual({ add: [], remove: ['molecule:failed'] });
  });
});
