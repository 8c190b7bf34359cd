import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/temp-folder.ts'],
    // A guard against hangs, not a speed check: a shared machine may run a real git and a real
    // `mol` many times slower than an idle one.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // What a passing test logs is noise (Octokit logs every 404, 422 and 500 the fake GitHub is
    // asked for on purpose); a failing test's logs are shown with its failure.
    silent: 'passed-only',
    // Vitest's default (one fewer than the cores) runs a 2-core machine's files one at a time,
    // while most e2e files spend their time waiting on git, child processes and sockets.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // `npm test`: the whole project's checks, in minutes.
      {
        extends: true,
        test: { name: 'main', include: ['test/**/*.test.ts'], exclude: ['test/reliability/**'] },
      },
      // The adversarial scenarios: `npm run reliability` runs them one process per file with a
      // report (`reliability:ci` at CI's size); `npx vitest run test/reliability/x.test.ts` runs one.
      { extends: true, test: { name: 'reliability', include: ['test/reliability/**/*.test.ts'] } },
    ],
  },
});
