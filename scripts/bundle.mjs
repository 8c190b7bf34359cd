// Bundles the faces into dist/ (committed, as actions/typescript-action does, so the Action runs
// straight from a checkout and `mol` runs after `npm ci` with no build step). Every bundle carries
// its dependencies, so the published package installs with none; the App's bundle leaves out only
// probot, which runs it.
import { chmod } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');

// ESM bundles of CommonJS dependencies call require() for node built-ins.
const banner = {
  js: "import { createRequire as __molCreateRequire } from 'node:module'; const require = __molCreateRequire(import.meta.url);",
};

// zod ships ~50 message locales and wires up English by default; nothing here uses the others,
// so the bundles carry only English (a third of the Action bundle otherwise).
const englishZodOnly = {
  name: 'english-zod-only',
  setup(b) {
    b.onLoad({ filter: /zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: dirname(args.path),
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner,
  // Not minified: identifiers stay as written and every statement keeps its own line, so a user's
  // stack trace names real functions at lines they can open, and the committed bundle can be read
  // and audited as it is. (keepNames would also fix `.name` of the few functions esbuild renames
  // apart; nothing reads those, and its thousands of calls cost every start.)
  minify: false,
  // The licence headers of bundled code (`/*! … */`, `@license`) stay, gathered at the end.
  legalComments: 'eof',
  logLevel: 'warning',
  plugins: [englishZodOnly],
};

// The LangGraph entry sits beside the library's: its imports of the library entry become imports
// of `./lib.js`, so a user of both gets one engine and one MolecularError, and LangGraph (an
// optional peer) stays a bare import the user's own install resolves.
const libraryBeside = {
  name: 'library-beside',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/index\.js$/ }, (args) =>
      /[\\/]src[\\/]langgraph[\\/]/.test(args.importer) ? { path: './lib.js', external: true } : undefined,
    );
  },
};

export async function bundle(outdir = 'dist') {
  await Promise.all([
    build({ ...common, entryPoints: ['src/action/index.ts'], outfile: `${outdir}/index.js` }),
    buildCli(`${outdir}/mol.js`),
    // Probot loads the app module itself, so the app bundle leaves probot out.
    build({
      ...common,
      entryPoints: ['src/app/index.ts'],
      outfile: `${outdir}/app.js`,
      external: ['probot'],
    }),
    // The library too, so `import … from '@molecular-dev/molecular'` needs nothing installed beside
    // it; its declaration files (dist/types, `npm run build:types`) carry zod's declarations too.
    build({ ...common, entryPoints: ['src/index.ts'], outfile: `${outdir}/lib.js` }),
    build({
      ...common,
      entryPoints: ['src/langgraph/index.ts'],
      outfile: `${outdir}/langgraph.js`,
      external: ['@langchain/*'],
      plugins: [...common.plugins, libraryBeside],
    }),
  ]);
}

/**
 * `mol` as dist/mol.js holds it, executable; the benchmarks time the current source built this
 * way, so they start what a user starts.
 */
export async function buildCli(outfile) {
  await build({
    ...common,
    absWorkingDir: ROOT,
    entryPoints: ['src/cli/bin.ts'],
    outfile: resolve(outfile),
    banner: { js: `#!/usr/bin/env node\n${banner.js}` },
  });
  await chmod(outfile, 0o755);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bundle(process.argv[2] ?? 'dist');
}
