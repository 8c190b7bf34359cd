import { readdir } from 'node:fs/promises';
import { type ArchiveRecord, type Molecule, settledSteps } from '../../engine/index.js';
import { storeLayout } from '../../local/store/store-layout.js';
import type { CliContext } from '../cli-context.js';
import { EXIT } from '../io.js';
import { loadProto } from '../load-molecule.js';
import { json, STORE } from '../options.js';
import { moleculeJson, progressText, table } from '../print.js';
import { printJson } from '../print-json.js';
import type { Style } from '../style.js';
import { contextFor, failWith } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';

export const list = defineVerb({
  name: 'list',
  summary: 'the active molecules (--all: finished and archived too)',
  args: [],
  options: [
    { name: 'all', meaning: 'also complete molecules and squashed archives' },
    json('the molecules'),
    STORE,
  ],
  examples: ['mol list --all'],
  run: listCommand,
});

/**
 * The molecules in the store that still need something (complete ones and archives with --all).
 * A corrupt state file is reported on stderr next to the list, never hidden.
 */
async function listCommand({ io, values }: VerbCall): Promise<number> {
  const all = values.all === true;
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const scanned = await ctx.value.store.scan();
  if (!scanned.ok) return failWith(io, scanned.error);
  for (const problem of scanned.value.problems) io.err(`mol: ${problem.message}`);
  const molecules = scanned.value.molecules.filter((m) => all || m.status !== 'complete');
  const archives = all ? await loadArchives(ctx.value) : [];

  if (values.json) {
    const views = [];
    for (const mol of molecules) {
      const proto = await loadProto(ctx.value.repoDir, mol);
      views.push(moleculeJson(mol, proto.ok ? proto.value : undefined));
    }
    const printed = printJson(io, values.json, [
      ...views,
      ...archives.map((a) => ({ ...a, status: 'squashed', archived: true })),
    ]);
    return scanned.value.problems.length > 0 ? EXIT.failed : printed;
  }
  if (molecules.length === 0 && archives.length === 0) {
    io.out(all ? 'no molecules in this store' : 'no active molecules (mol list --all shows finished ones)');
  } else {
    const rows = [
      ...molecules.map((m) => moleculeRow(m, io.style)),
      ...archives.map((a) => archiveRow(a, io.style)),
    ];
    io.out(table(['ID', 'FORMULA', 'KIND', 'STATUS', 'PROGRESS', 'UPDATED'], rows, io.style));
  }
  return scanned.value.problems.length > 0 ? EXIT.failed : EXIT.ok;
}

function moleculeRow(mol: Molecule, style: Style): string[] {
  return [
    mol.id,
    mol.formula.name,
    mol.kind,
    style.status(mol.status),
    progressText(settledSteps(mol), mol.steps.length, style, 10),
    shortTime(mol.updatedAt),
  ];
}

function archiveRow(record: ArchiveRecord, style: Style): string[] {
  const done = record.steps.filter((s) => s.status === 'completed' || s.status === 'skipped').length;
  return [
    record.id,
    record.formula.name,
    'archive',
    `squashed (${record.outcome.replace('_', ' ')})`,
    progressText(done, record.steps.length, style, 10),
    shortTime(record.squashedAt),
  ];
}

/** The squashed records in the store; one that cannot be read is named on stderr. */
export async function loadArchives(ctx: CliContext): Promise<ArchiveRecord[]> {
  let names: string[];
  try {
    names = await readdir(storeLayout(ctx.store.dir).mols);
  } catch {
    return [];
  }
  const records: ArchiveRecord[] = [];
  for (const name of names.sort()) {
    if (!name.endsWith('.archive.json') || name.startsWith('.')) continue;
    const record = await ctx.store.loadArchive(name.slice(0, -'.archive.json'.length));
    if (record.ok && record.value !== undefined) records.push(record.value);
    else if (!record.ok) ctx.io.err(`mol: ${record.error.message}`);
  }
  return records;
}

function shortTime(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}
