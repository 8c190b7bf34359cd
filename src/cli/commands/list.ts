import { readdir } from 'node:fs/promises';
import { type ArchiveRecord, type Molecule, progressBar, settledSteps } from '../../engine/index.js';
import { storeLayout } from '../../local/store/store-layout.js';
import { JSON_OPTION, parse } from '../args.js';
import { type CliContext, STORE_OPTION } from '../cli-context.js';
import { type CliIO, EXIT } from '../io.js';
import { loadProto } from '../load-molecule.js';
import { moleculeJson, table } from '../print.js';
import type { Style } from '../style.js';
import { contextFor, failWith } from '../verb.js';
import { usageError } from './cook.js';

export const usage = 'mol list [--all] [--json]';

/**
 * The molecules in the store that still need something (complete ones and archives with --all).
 * A corrupt state file is reported on stderr next to the list, never hidden.
 */
export async function listCommand(io: CliIO, argv: string[]): Promise<number> {
  const args = parse(argv, { ...JSON_OPTION, ...STORE_OPTION, all: { type: 'boolean' } });
  if (!args.ok) return usageError(io, args.error.message, usage);
  if (args.value.positionals.length > 0)
    return usageError(io, `unexpected argument "${args.value.positionals[0]}"`, usage);
  const all = args.value.values.all === true;
  const ctx = await contextFor(io, args.value.values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const scanned = await ctx.value.store.scan();
  if (!scanned.ok) return failWith(io, scanned.error);
  for (const problem of scanned.value.problems) io.err(`mol: ${problem.message}`);
  const molecules = scanned.value.molecules.filter((m) => all || m.status !== 'complete');
  const archives = all ? await loadArchives(ctx.value) : [];

  if (args.value.values.json) {
    const views = [];
    for (const mol of molecules) {
      const proto = await loadProto(ctx.value.repoDir, mol);
      views.push(moleculeJson(mol, proto.ok ? proto.value : undefined));
    }
    io.out(
      JSON.stringify(
        [...views, ...archives.map((a) => ({ ...a, status: 'squashed', archived: true }))],
        null,
        2,
      ),
    );
    return scanned.value.problems.length > 0 ? EXIT.failed : EXIT.ok;
  }
  if (molecules.length === 0 && archives.length === 0) {
    io.out(all ? 'no molecules in this store' : 'no active molecules (mol list --all shows finished ones)');
  } else {
    const rows = [...molecules.map((m) => moleculeRow(m, io.style)), ...archives.map(archiveRow)];
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
    progressBar(settledSteps(mol), mol.steps.length, 10),
    shortTime(mol.updatedAt),
  ];
}

function archiveRow(record: ArchiveRecord): string[] {
  const done = record.steps.filter((s) => s.status === 'completed' || s.status === 'skipped').length;
  return [
    record.id,
    record.formula.name,
    'archive',
    `squashed (${record.outcome.replace('_', ' ')})`,
    progressBar(done, record.steps.length, 10),
    shortTime(record.squashedAt),
  ];
}

async function loadArchives(ctx: CliContext): Promise<ArchiveRecord[]> {
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
