// Issue 14's table: every row file of bench/rows (see bench/README.md) in table order, with
// LangGraph JS on the same chain beside the rows that name an anchor, and the ratio.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const HERE = import.meta.dirname;
const ROOT = resolve(HERE, '..');
const CHAIN = 1025;

/** Row files in table order; the other engineer's slots print "not measured" until they exist. */
const ROW_FILES = [
  'rows/pure-transitions.ts',
  'rows/durable-local.ts',
  'rows/codec-encode.ts',
  'rows/mol-run.mjs',
  'rows/git-processes.mjs',
  'rows/app-contended.ts',
  'rows/api-calls.ts',
  'rows/api-budget.mjs',
];

async function loadRows(file) {
  const path = join(HERE, file);
  if (!file.endsWith('.ts')) return import(pathToFileURL(path).href);
  // Inside the project, so the bundle's external packages resolve from node_modules.
  await mkdir(join(ROOT, 'node_modules/.cache'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, 'node_modules/.cache', 'mol-bench-scale-'));
  const outfile = join(dir, 'rows.mjs');
  await build({
    entryPoints: [path],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    packages: 'external',
    logLevel: 'error',
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function anchors() {
  const entry = join(HERE, 'anchors/langgraph.mjs');
  if (!existsSync(join(HERE, 'anchors/node_modules/@langchain/langgraph')))
    return { missing: 'not installed (npm run bench:anchors)' };
  try {
    const lg = await import(pathToFileURL(entry).href);
    await lg.measureAnchors(50); // warm-up
    return { version: lg.version(), ms: await lg.measureAnchors(CHAIN) };
  } catch (error) {
    return { missing: `failed: ${error.message.split('\n')[0]}` };
  }
}

function fmt(value, unit) {
  if (typeof value !== 'number' || Number.isNaN(value)) return '—';
  const text = Number.isInteger(value)
    ? value.toLocaleString('en-US')
    : value < 10
      ? value.toFixed(2)
      : value.toFixed(1);
  return `${text} ${unit}`;
}

export async function benchScale() {
  const rows = [];
  for (const file of ROW_FILES) {
    if (!existsSync(join(HERE, file))) {
      rows.push({ name: `(slot) ${file}`, missing: `not measured: bench/${file} is missing` });
      continue;
    }
    process.stderr.write(`bench: scale ${file}…\n`);
    // One row file that no longer builds (a source it measures moved) leaves the others measured.
    try {
      const mod = await loadRows(file);
      rows.push(...(await mod.measure()));
    } catch (error) {
      rows.push({ name: `(slot) ${file}`, missing: `not measured: ${String(error.message).split('\n')[0]}` });
    }
  }
  process.stderr.write('bench: scale LangGraph anchors…\n');
  const anchor = await anchors();
  const lines = rows.map((r) => {
    if (r.missing) return `| ${r.name} | | | | | ${r.missing} |`;
    let lg = '';
    let ratio = '';
    if (r.anchor) {
      const ms = anchor.ms?.[r.anchor];
      lg =
        ms !== undefined
          ? fmt(ms, 'ms')
          : (anchor.missing ?? 'not installed (optional SQLite checkpointer not built)');
      if (ms !== undefined && r.unit === 'ms') {
        const x = ms / r.value;
        ratio = x >= 1 ? `${x.toFixed(1)}× faster` : `${(1 / x).toFixed(1)}× slower`;
      }
    }
    return `| ${r.name} | ${lg} | ${fmt(r.value, r.unit)} | ${ratio} | ${r.goal ?? ''} | ${r.note ?? ''} |`;
  });
  const who = anchor.version ? `LangGraph JS ${anchor.version}` : 'LangGraph JS';
  const markdown = `Chain of ${CHAIN.toLocaleString('en-US')} no-op steps through the public API; ${who}: no checkpointer (pure), SqliteSaver (durable), MemorySaver (encode).\n\n| measure | ${who} | Molecular | ratio | goal | note |\n|---|---|---|---|---|---|\n${lines.join('\n')}\n`;
  return { rows: [], markdown };
}
