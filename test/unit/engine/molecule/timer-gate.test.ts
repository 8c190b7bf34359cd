import { describe, expect, it } from 'vitest';
import { judgeTimer } from '../../../../src/engine/molecule/timer-gate.js';

const since = '2026-01-01T00:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('timer gate', () => {
  it('waits until `after` has passed since the step began waiting, then passes', () => {
    const early = judgeTimer('2h', since, at('2026-01-01T01:30:00.000Z'));
    expect(early.passed).toBeNull();
    expect(early.detail).toContain('2026-01-01T02:00:00.000Z');
    expect(early.detail).toContain('30m');
    expect(judgeTimer('2h', since, at('2026-01-01T01:59:59.999Z')).passed).toBeNull();
    expect(judgeTimer('2h', since, at('2026-01-01T02:00:00.000Z')).passed).toBe(true);
    expect(judgeTimer('2h', since, at('2026-01-02T00:00:00.000Z')).passed).toBe(true);
  });

  it('keeps waiting while the step has not begun to wait: its time has not started', () => {
    const result = judgeTimer('2h', undefined, at('2030-01-01T00:00:00.000Z'));
    expect(result.passed).toBeNull();
  });

  it('fails a value that is not a duration, naming it', () => {
    const result = judgeTimer('tomorrow', since, at(since));
    expect(result).toEqual({ type: 'timer', passed: false, detail: '"tomorrow" is not a duration' });
  });
});
