import { readFileSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../../src/runner/run-process.js';

let cwd: string;
beforeAll(async () => {
  cwd = await realpath(await mkdtemp(join(tmpdir(), 'mol-cmd-')));
});
afterAll(() => rm(cwd, { recursive: true, force: true }));

/** Running means alive and not a zombie: in a container nobody may reap orphans. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    try {
      process.kill(pid, 0);
      return process.platform !== 'linux';
    } catch {
      return false;
    }
  }
}

async function eventually(check: () => boolean, ms = 3_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

const pidsIn = (text: string) => [...text.matchAll(/pid:(\d+)/g)].map((m) => Number(m[1]));

describe('runCommand', () => {
  it('reports the exit code, the duration and the output, streamed as it comes', async () => {
    const chunks: [string, string][] = [];
    const result = await runCommand({
      cwd,
      run: 'echo out; echo err >&2; exit 3',
      onOutput: (c, s) => chunks.push([c, s]),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.exitCode).toBe(3);
    expect(result.value.timedOut).toBe(false);
    expect(result.value.signal).toBeNull();
    expect(result.value.outputTail).toContain('out\n');
    expect(result.value.outputTail).toContain('err\n');
    expect(
      chunks
        .filter(([, s]) => s === 'stdout')
        .map(([c]) => c)
        .join(''),
    ).toBe('out\n');
    expect(
      chunks
        .filter(([, s]) => s === 'stderr')
        .map(([c]) => c)
        .join(''),
    ).toBe('err\n');
    expect(result.value.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps only the last ~4 KB of a long output', async () => {
    const result = await runCommand({
      cwd,
      run: 'i=0; while [ $i -lt 2000 ]; do echo "line $i"; i=$((i+1)); done',
    });
    if (!result.ok) throw new Error(result.error.message);
    const tail = result.value.outputTail;
    expect(tail.length).toBeLessThanOrEqual(4096);
    expect(tail.length).toBeGreaterThan(4000);
    expect(tail.endsWith('line 1999\n')).toBe(true);
    expect(tail).not.toContain('line 1\n');
  });

  it('does not cut a multi-byte character at the start of the tail', async () => {
    const result = await runCommand({
      cwd,
      run: "i=0; while [ $i -lt 100 ]; do printf 'ééééé'; i=$((i+1)); done",
      tailBytes: 101,
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.outputTail).toMatch(/^é+$/);
  });

  it('a timeout kills the whole process group: the shell, a background child and a foreground grandchild', async () => {
    let output = '';
    const result = await runCommand({
      cwd,
      run: `sleep 30 & echo "pid:$!"; sh -c 'echo "pid:$$"; exec sleep 30' & echo "pid:$$"; wait`,
      timeoutMs: 300,
      graceMs: 500,
      onOutput: (chunk) => {
        output += chunk;
      },
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.timedOut).toBe(true);
    expect(result.value.exitCode).toBeNull();
    const pids = pidsIn(output);
    expect(pids).toHaveLength(3);
    expect(pids).toContain(result.value.pid);
    expect(await eventually(() => pids.every((pid) => !isRunning(pid)))).toBe(true);
    expect(result.value.outputTail).toContain('pid:');
  });

  it('escalates to SIGKILL when the command ignores SIGTERM', async () => {
    let output = '';
    const result = await runCommand({
      cwd,
      run: `trap '' TERM; sh -c 'trap "" TERM; echo "pid:$$"; while :; do sleep 0.05; done' & echo "pid:$$"; wait`,
      timeoutMs: 200,
      graceMs: 300,
      onOutput: (chunk) => {
        output += chunk;
      },
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.timedOut).toBe(true);
    expect(result.value.signal).toBe('SIGKILL');
    const pids = pidsIn(output);
    expect(pids).toHaveLength(2);
    expect(await eventually(() => pids.every((pid) => !isRunning(pid)))).toBe(true);
  });

  it('a step does not leave background processes running after it exits', async () => {
    const result = await runCommand({ cwd, run: 'sleep 30 & echo "pid:$!"', graceMs: 300 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.exitCode).toBe(0);
    const [pid] = pidsIn(result.value.outputTail);
    expect(pid).toBeDefined();
    expect(await eventually(() => !isRunning(pid as number))).toBe(true);
  });

  it('passes env on top of the runner’s own, or alone', async () => {
    const inherited = await runCommand({ cwd, run: 'echo "$MOL_X|$PATH"', env: { MOL_X: 'x' } });
    expect(inherited.ok && inherited.value.outputTail.startsWith('x|/')).toBe(true);
    const alone = await runCommand({
      cwd,
      run: 'echo "[$HOME]"',
      env: { PATH: process.env.PATH ?? '' },
      inheritEnv: false,
    });
    expect(alone.ok && alone.value.outputTail).toBe('[]\n');
  });

  it('a missing working directory is a `spawn-failed` error value', async () => {
    const result = await runCommand({ cwd: join(cwd, 'does-not-exist'), run: 'true' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('spawn-failed');
  });
});
