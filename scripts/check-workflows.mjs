// `node scripts/check-workflows.mjs [file...]`: runs scripts/workflow-lint.mjs (GitHub's own
// workflow and action.yml parser) over the given files, by default action.yml and every workflow
// in .github/workflows. The parser's JSON imports carry no import attributes, which Node refuses,
// so the checker is bundled into a temporary folder first and run from there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

function defaultFiles() {
  const workflows = '.github/workflows';
  const found = existsSync(workflows)
    ? readdirSync(workflows)
        .filter((name) => /\.ya?ml$/.test(name))
        .sort()
        .map((name) => `${workflows}/${name}`)
    : [];
  return ['action.yml', ...found].filter((path) => existsSync(path));
}

const files = process.argv.length > 2 ? process.argv.slice(2) : defaultFiles();
const out = mkdtempSync(join(tmpdir(), 'mol-workflow-lint-'));
try {
  await build({
    entryPoints: [join(here, 'workflow-lint.mjs')],
    outfile: join(out, 'workflow-lint.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  const run = spawnSync(process.execPath, [join(out, 'workflow-lint.mjs'), ...files], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
