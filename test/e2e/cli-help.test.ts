/**
 * The bundled `mol` as a user meets it: its version, help for a verb, did-you-mean, and colour only
 * when asked for on a pipe (a terminal is covered in-process by the style tests).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mol, useCliRepo } from '../helpers/cli.js';

const { cli, repo } = useCliRepo(undefined, { shared: true });

const run = (args: string[], env?: Record<string, string>) =>
  mol(cli, args, { cwd: repo.dir, ...(env ? { env } : {}) });

describe('mol as a user meets it', () => {
  it('--version prints the version package.json had when it was bundled', async () => {
    const pkg = JSON.parse(await readFile(resolve(import.meta.dirname, '../../package.json'), 'utf8'));
    expect(await run(['--version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it('run --help prints its usage and exits 0; a misspelt option names the right one', async () => {
    const help = await run(['run', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: mol run <file\|name\|mol-id> /);
    expect(help.stdout).toMatch(/^ {2}-j, --jobs N +run up to N steps at once/m);
    const typo = await run(['run', 'hello', '--jbos', '2']);
    expect(typo.code).toBe(2);
    expect(typo.stderr.split('\n')[0]).toBe(`mol: unknown option "--jbos"; did you mean "--jobs"?`);
    expect((await run(['stauts'])).stderr).toBe('mol: unknown command "stauts"; did you mean "status"?\n');
  });

  it('piped output is plain; FORCE_COLOR colours it, NO_COLOR does not', async () => {
    expect((await run(['pour', 'hello', '--id', 'h1'])).code).toBe(0);
    const plain = await run(['status', 'h1']);
    expect(plain.stdout).toMatch(/^h1 · hello · pending · /);
    expect(plain.stdout).not.toContain('\x1b[');
    expect((await run(['status', 'h1'], { NO_COLOR: '1' })).stdout).toBe(plain.stdout);
    const forced = await run(['status', 'h1'], { FORCE_COLOR: '1' });
    expect(forced.stdout).toContain('\x1b[');
    // Colour alone, no symbols: symbols are for a terminal.
    expect(forced.stdout.replace(/\x1b\[\d+m/g, '')).toBe(plain.stdout);
  });

  it('mol run piped: the table alone on stdout, progress in words on stderr, no symbols anywhere', async () => {
    const ran = await run(['run', 'hello', '--id', 'r1']);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^r1 · hello · complete · 4\/4 \(100%\)\n/);
    expect(ran.stdout).not.toMatch(/started|retrying/);
    expect(ran.stderr).toMatch(/^started greet: Greet world$/m);
    expect(ran.stderr).toMatch(/^shout failed after .* — retrying \(attempt 2 of 2\)$/m);
    expect(ran.stderr).toMatch(/^join completed .* files gate passed$/m);
    expect(ran.stdout + ran.stderr).not.toMatch(/[▶✓↻↺✗⏳…▓░■⚠✅❌]/);
    // A molecule already done: the same table, first line first.
    const again = await run(['run', 'r1']);
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toBe((await run(['status', 'r1'])).stdout);
  });
});
