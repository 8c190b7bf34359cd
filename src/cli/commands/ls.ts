import { didYouMean, formatDuration, MOLECULE_STATUSES, type MoleculeStatus } from '../../engine/index.js';
import { EXIT } from '../io.js';
import { loadProto } from '../load-molecule.js';
import { archiveLine, type MoleculeLine, moleculeLine } from '../molecule-line.js';
import { json, STORE } from '../options.js';
import { progressText, table } from '../print.js';
import { printJson } from '../print-json.js';
import type { Style } from '../style.js';
import { contextFor, failWith } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';
import { waitingText } from '../waiting-steps.js';
import { loadArchives } from './list.js';

const WAITING_WIDTH = 60;

export const ls = defineVerb({
  name: 'ls',
  summary: 'every molecule in the store: status, progress, what it waits on, age (--status, --json)',
  args: [],
  options: [
    {
      name: 'status',
      value: 'STATUS',
      multiple: true,
      meaning: `only molecules with this status (repeatable, or comma-separated): ${MOLECULE_STATUSES.filter((s) => s !== 'burned').join(', ')}`,
    },
    json(
      'the molecules (one object each: id, formula, kind, status, progress {done, total}, waitingOn [{step, why, detail?, since?}], createdAt, updatedAt)',
    ),
    STORE,
  ],
  examples: ['mol ls', 'mol ls --status pending,in_progress --json=id,waitingOn'],
  run: lsCommand,
});

/**
 * Every molecule of the store, squashed archives included, newest first. A state file that cannot
 * be read is named on stderr and makes the exit 1, so no script takes a partial list for the whole.
 */
async function lsCommand({ io, values, usageError }: VerbCall): Promise<number> {
  const wanted = statusFilter(values.status as string[] | undefined);
  if (typeof wanted === 'string') return usageError(wanted);
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const scanned = await ctx.value.store.scan();
  if (!scanned.ok) return failWith(io, scanned.error);
  const problems = [...scanned.value.problems];
  const summaries: MoleculeLine[] = [];
  for (const mol of scanned.value.molecules) {
    if (wanted !== undefined && !wanted.has(mol.status)) continue;
    // Only a ready step needs its definition (does a command run it?), so only then is the formula re-cooked.
    const needsProto = mol.steps.some((s) => s.status === 'ready');
    const proto = needsProto ? await loadProto(ctx.value.repoDir, mol) : undefined;
    if (proto !== undefined && !proto.ok) problems.push(proto.error);
    summaries.push(moleculeLine(mol, proto?.ok ? proto.value : undefined));
  }
  if (wanted === undefined || wanted.has('squashed'))
    summaries.push(...(await loadArchives(ctx.value)).map(archiveLine));
  summaries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  for (const problem of problems) io.err(`mol: ${problem.message}`);
  const failed = problems.length > 0 ? EXIT.failed : EXIT.ok;

  if (values.json) return Math.max(printJson(io, values.json, summaries), failed);
  if (summaries.length === 0) {
    io.out(wanted === undefined ? 'no molecules in this store' : `no ${[...wanted].join(' or ')} molecules`);
    return failed;
  }
  const now = io.now().getTime();
  io.out(
    table(
      ['ID', 'FORMULA', 'STATUS', 'PROGRESS', 'WAITING ON', 'AGE'],
      summaries.map((s) => row(s, now, io.style)),
      io.style,
    ),
  );
  return failed;
}

function row(s: MoleculeLine, now: number, style: Style): string[] {
  const waiting = waitingText(s.waitingOn);
  return [
    s.kind === 'wisp' ? `${s.id} (wisp)` : s.id,
    s.formula,
    style.status(s.status),
    progressText(s.progress.done, s.progress.total, style, 10),
    waiting.length > WAITING_WIDTH ? `${waiting.slice(0, WAITING_WIDTH - 1)}…` : waiting,
    ageText(now - Date.parse(s.createdAt)),
  ];
}

/** `--status a,b --status c` as a set; a name that is no status is the usage error's message. */
function statusFilter(given: string[] | undefined): Set<MoleculeStatus> | string | undefined {
  if (given === undefined) return undefined;
  const names = given.flatMap((g) => g.split(',')).map((n) => n.trim());
  const known = new Set<string>(MOLECULE_STATUSES);
  const unknown = names.find((n) => !known.has(n));
  if (unknown !== undefined)
    return `--status: no status "${unknown}"${didYouMean(unknown, known)}; the statuses are ${MOLECULE_STATUSES.join(', ')}`;
  return new Set(names as MoleculeStatus[]);
}

/** `45s`, `12m`, `3.5h`: no milliseconds, and a clock a little behind another process's reads as `0s`. */
function ageText(ms: number): string {
  return ms < 1_000 ? '0s' : formatDuration(ms);
}
