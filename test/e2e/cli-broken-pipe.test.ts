import { describe, expect, it } from 'vitest';
import { mol, spawnMol, useCliRepo } from '../helpers/cli.js';
import { localMolecule } from '../helpers/local-molecule.js';

const { cli, repo } = useCliRepo();

/** Runs mol with its stdout (or stderr) read by nobody: the read end is closed at once. */
async function withClosedPipe(args: string[], which: 'stdout' | 'stderr') {
  const child = spawnMol(cli, args, { cwd: repo.dir });
  const other = which === 'stdout' ? child.stderr : child.stdout;
  let seen = '';
  other?.setEncoding('utf8').on('data', (chunk: string) => {
    seen += chunk;
  });
  child[which]?.destroy();
  const code = await new Promise<number | null>((done, fail) => {
    child.on('error', fail);
    child.on('close', (c) => done(c));
  });
  return { code, seen };
}

describe('a closed stdout', { timeout: 300_000 }, () => {
  it.each([[['cook', 'hello', '--json']], [['help']], [['list', '--all']]])(
    'mol %j exits 0 with nothing on stderr',
    async (args) => {
      const { code, seen } = await withClosedPipe(args, 'stdout');
      expect(seen).toBe('');
      expect(code).toBe(0);
      // Read, the same command prints: the quiet above is the closed pipe's, not a silenced mol.
      const read = await mol(cli, args, { cwd: repo.dir });
      expect(read.code).toBe(0);
      expect(read.stdout.length).toBeGreaterThan(0);
    },
  );

  it('does not stop a run: the molecule completes and its state says so', async () => {
    const { code, seen } = await withClosedPipe(['run', 'hello', '--id', 'piped'], 'stdout');
    expect(seen).not.toMatch(/EPIPE|\n\s+at /);
    expect(code).toBe(0);
    const state = await localMolecule(repo.dir, 'piped');
    expect(state.status).toBe('complete');
  });
});

describe('a closed stderr', { timeout: 300_000 }, () => {
  it('mol run --json still runs to the end and prints the molecule on stdout', async () => {
    const { code, seen } = await withClosedPipe(['run', 'hello', '--id', 'quiet', '--json'], 'stderr');
    expect(code).toBe(0);
    expect(JSON.parse(seen).status).toBe('complete');
  });
});
