/**
 * A step host for protocol tests: state in a MemoryStore, the engine's transition as the write
 * path, dispatch effects read off as "dispatched", and what the step prints kept for assertions.
 */
import { join } from 'node:path';
import { ok } from '../../src/engine/errors.js';
import { transition } from '../../src/engine/molecule/ops/transition.js';
import type { StepHost } from '../../src/shell/step/step-host.js';
import type { TempRepo } from './git.js';
import type { MemoryStore } from './memory-store.js';

export interface TestStepHost extends StepHost {
  lines: string[];
  printed: string[];
}

export function testStepHost(
  store: MemoryStore,
  repo: TempRepo,
  overrides: Partial<StepHost> = {},
): TestStepHost {
  const lines: string[] = [];
  const printed: string[] = [];
  const now = () => new Date('2026-03-01T12:00:00.000Z');
  const host: TestStepHost = {
    holder: 'test:1',
    runId: 'run-1',
    leaseTtlMs: () => 3_600_000,
    now,
    record: async (molId, proto, plan) => {
      const at = host.now();
      const written = await store.mutate(molId, (current) => {
        const event = plan(current);
        return event.ok ? transition(proto, current, event.value, at) : event;
      });
      if (!written.ok) return written;
      const { mol, effects } = written.value;
      const dispatched = effects.flatMap((e) => (e.type === 'dispatch' ? [e.step] : []));
      return ok({ written: mol, effects, mol, dispatched });
    },
    place: { kind: 'worktree', repoDir: repo.dir, worktreeRoot: join(repo.root, 'worktrees') },
    push: false,
    env: { PATH: process.env.PATH },
    log: (line) => lines.push(line),
    output: (chunk) => printed.push(chunk),
    lines,
    printed,
    ...overrides,
  };
  return host;
}
