/**
 * The `still running` heartbeat of a quiet step, on fake timers: alone, and wired into the local
 * executor around a step whose runner is held open by the test.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openContext } from '../../../src/cli/cli-context.js';
import { execute } from '../../../src/cli/executor.js';
import { startHeartbeat } from '../../../src/cli/heartbeat.js';
import { pourMolecule } from '../../../src/cli/pour-molecule.js';
import { clockText, stillRunningLine } from '../../../src/cli/progress-lines.js';
import { makeStyle } from '../../../src/cli/style.js';
import type { Result } from '../../../src/engine/index.js';
import type { CommandOutcome } from '../../../src/runner/run-process.js';
import { runStepCommand } from '../../../src/shell/step/run-step-command.js';
import type { StepJob } from '../../../src/shell/step/step-job.js';
import { makeTempRepo, type TempRepo } from '../../helpers/git.js';
import { memoryIO } from '../../helpers/memory-io.js';

// The step's command is held open by the test: the heartbeat is what is under test, not the command.
vi.mock('../../../src/shell/step/run-step-command.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/shell/step/run-step-command.js')>()),
  runStepCommand: vi.fn(),
}));

const SECOND = 1_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('startHeartbeat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('beats every interval of quiet with the time since the start, until stopped', () => {
    const beats: number[] = [];
    const heartbeat = startHeartbeat(30 * SECOND, (ms) => beats.push(ms), Date.now);
    vi.advanceTimersByTime(30 * SECOND - 1);
    expect(beats).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(beats).toEqual([30 * SECOND]);
    vi.advanceTimersByTime(60 * SECOND);
    expect(beats).toEqual([30 * SECOND, 60 * SECOND, 90 * SECOND]);
    heartbeat.stop();
    vi.advanceTimersByTime(10 * 60 * SECOND);
    expect(beats).toHaveLength(3);
  });

  it('a sign of life puts the next beat a whole interval after it', () => {
    const beats: number[] = [];
    const heartbeat = startHeartbeat(30 * SECOND, (ms) => beats.push(ms), Date.now);
    vi.advanceTimersByTime(20 * SECOND);
    heartbeat.alive();
    vi.advanceTimersByTime(29 * SECOND);
    expect(beats).toEqual([]);
    vi.advanceTimersByTime(1 * SECOND);
    expect(beats).toEqual([50 * SECOND]);
    // Output all along: never a beat.
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(10 * SECOND);
      heartbeat.alive();
    }
    expect(beats).toEqual([50 * SECOND]);
    heartbeat.stop();
  });

  it('an interval of 0 turns it off', () => {
    const beat = vi.fn();
    startHeartbeat(0, beat, Date.now);
    vi.advanceTimersByTime(60 * 60 * SECOND);
    expect(beat).not.toHaveBeenCalled();
  });
});

describe('the heartbeat line', () => {
  it.each([
    [0, '0s'],
    [30 * SECOND, '30s'],
    [59 * SECOND + 999, '59s'],
    [60 * SECOND, '1m00s'],
    [90 * SECOND, '1m30s'],
    [59 * 60 * SECOND + 5 * SECOND, '59m05s'],
    [2 * 3_600 * SECOND + 5 * 60 * SECOND, '2h05m'],
  ])('%d ms reads %s', (ms, text) => {
    expect(clockText(ms)).toBe(text);
  });

  it('names the step and the time', () => {
    expect(stillRunningLine('build', 90 * SECOND)).toBe('build still running (1m30s)');
    expect(stillRunningLine('build', 90 * SECOND, makeStyle({ color: false, symbols: true }))).toBe(
      '… build still running (1m30s)',
    );
  });
});

describe('mol run prints the heartbeat of a quiet step', () => {
  let repo: TempRepo;
  beforeEach(async () => {
    repo = await makeTempRepo();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await repo.cleanup();
  });

  it('every interval while the step is quiet, counting from its start; output resets it; none after it ends', async () => {
    const io = memoryIO({ cwd: repo.dir });
    const ctx = await openContext(io);
    if (!ctx.ok) throw new Error(ctx.error.message);
    const file = join(repo.root, 'slow.formula.toml');
    await writeFile(file, 'formula = "slow"\n[[steps]]\nid = "build"\nrun = "make"\n');
    const poured = await pourMolecule(ctx.value, { formula: file, vars: {} });
    if (!poured.ok) throw new Error(poured.error.message);

    let finish!: (outcome: Result<CommandOutcome>) => void;
    const started = new Promise<StepJob>((resolveStarted) => {
      vi.mocked(runStepCommand).mockImplementation((job) => {
        resolveStarted(job);
        return new Promise((resolveFinished) => {
          finish = resolveFinished;
        });
      });
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const lines: string[] = [];
    const heartbeats = () => lines.filter((l) => l.includes('still running'));
    const ran = execute(ctx.value, poured.value.mol, poured.value.proto, {
      print: (line) => lines.push(line),
      heartbeatMs: 30 * SECOND,
      verbose: true,
    });
    const job = await started;
    expect(lines).toEqual(['started build: build']);

    await vi.advanceTimersByTimeAsync(30 * SECOND - 1);
    expect(heartbeats()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(heartbeats()).toEqual(['build still running (30s)']);
    await vi.advanceTimersByTimeAsync(60 * SECOND);
    expect(heartbeats()).toHaveLength(3);
    expect(heartbeats()[2]).toBe('build still running (1m30s)');

    // Output shown to the person (--verbose) is a sign of life.
    job.host.output?.('compiling\n');
    expect(io.stderr()).toBe('compiling\n');
    await vi.advanceTimersByTimeAsync(30 * SECOND - 1);
    expect(heartbeats()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(heartbeats()[3]).toBe('build still running (2m00s)');

    finish({
      ok: true,
      value: { exitCode: 0, signal: null, timedOut: false, durationMs: 1, outputTail: '', pid: 1 },
    });
    const done = await ran;
    expect(done.ok && done.value.status).toBe('complete');
    await vi.advanceTimersByTimeAsync(10 * 60 * SECOND);
    expect(heartbeats()).toHaveLength(4);
    expect(lines.at(-1)).toMatch(/^build completed /);
  });
});
