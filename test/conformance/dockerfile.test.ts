/**
 * The Dockerfile as far as a machine without Docker can hold it: every base image pinned by digest,
 * the dependency tree from the lockfile (npm ci, never npm install), the App built from the sources
 * in the image (not the committed dist/), and only what the build reads let into its context. That
 * probot's tree as scripts/probot-modules.mjs copies it starts is checked by running it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const dockerfile = readFileSync(resolve(ROOT, 'Dockerfile'), 'utf8');
const ignore = readFileSync(resolve(ROOT, '.dockerignore'), 'utf8');
const instructions = dockerfile.split('\n').filter((line) => /^[A-Z]+ /.test(line));

describe('Dockerfile', () => {
  it('pins every base image by digest', () => {
    const froms = instructions.filter((l) => l.startsWith('FROM '));
    expect(froms.length).toBeGreaterThan(0);
    for (const from of froms) expect(from).toMatch(/^FROM [\w./:-]+@sha256:[0-9a-f]{64}( AS \w+)?$/);
  });

  it('installs from the lockfile and builds the App from the sources', () => {
    const runs = instructions.filter((l) => l.startsWith('RUN ')).join('\n');
    expect(runs).toMatch(/\bnpm ci\b/);
    expect(runs).not.toMatch(/\bnpm install\b|\bnpm i\b/);
    expect(runs).toMatch(/node scripts\/bundle\.mjs/);
    expect(dockerfile).toMatch(/^COPY --from=build \/src\/dist\/app\.js \.\/dist\/app\.js$/m);
    expect(dockerfile).not.toMatch(/^COPY dist\//m);
  });

  it('lets into the build context every file a COPY names, and no dist/', () => {
    const allowed = ignore
      .split('\n')
      .filter((l) => l.startsWith('!'))
      .map((l) => l.slice(1).replace(/\/$/, ''));
    const copied = instructions
      .filter((l) => l.startsWith('COPY ') && !l.startsWith('COPY --from'))
      .flatMap((l) => l.split(/\s+/).slice(1, -1));
    for (const path of copied) expect(allowed, path).toContain(path.replace(/\/$/, ''));
    expect(allowed.some((a) => a.startsWith('dist'))).toBe(false);
  });

  it("copies a probot tree that loads on its own, as the image's CMD runs it", () => {
    const dest = mkdtempSync(join(tmpdir(), 'mol-probot-'));
    try {
      execFileSync(process.execPath, [resolve(ROOT, 'scripts/probot-modules.mjs'), dest], { cwd: ROOT });
      const version = execFileSync(process.execPath, ['node_modules/probot/bin/probot.js', '--version'], {
        cwd: dest,
        encoding: 'utf8',
      });
      expect(version.trim()).not.toBe('');
      expect(dockerfile).toMatch(
        /^CMD \["node", "node_modules\/probot\/bin\/probot\.js", "run", "\.\/dist\/app\.js"\]$/m,
      );
    } finally {
      rmSync(dest, { recursive: true, force: true });
    }
  });
});
