import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchIdle } from '../../../src/runner/idle-watch.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('watchIdle', () => {
  it('fires once after idleMs with no output and no file change', async () => {
    const onIdle = vi.fn();
    watchIdle({ idleMs: 1_000, pollMs: 100, probe: async () => 'same', onIdle });
    await vi.advanceTimersByTimeAsync(900);
    expect(onIdle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(onIdle).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts output as activity', async () => {
    const onIdle = vi.fn();
    const watch = watchIdle({ idleMs: 1_000, pollMs: 100, onIdle });
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(600);
      watch.alive();
    }
    expect(onIdle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_100);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('counts a changed file as activity, but not the first look', async () => {
    const onIdle = vi.fn();
    let files = 'v0';
    watchIdle({ idleMs: 1_000, pollMs: 100, probe: async () => files, onIdle });
    await vi.advanceTimersByTimeAsync(700);
    files = 'v1';
    await vi.advanceTimersByTimeAsync(700);
    expect(onIdle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('never fires once stopped', async () => {
    const onIdle = vi.fn();
    const watch = watchIdle({ idleMs: 500, onIdle });
    watch.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
