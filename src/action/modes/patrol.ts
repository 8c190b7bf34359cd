/**
 * `patrol` mode: a scheduled job wisps the built-in `mol-witness-patrol` formula (its
 * vars are the config's thresholds), runs one round of the patrol the App runs on its timer
 * (src/shell/github/github-patrol.ts), walks the wisp's steps with what each part of the round did, and
 * writes the wisp's table to the job summary. The wisp lives in memory only and evaporates with
 * the job. A round that finds nothing stuck writes nothing.
 */

import {
  builtinPin,
  cook,
  err,
  type Molecule,
  ok,
  type Proto,
  parseFormula,
  pour,
  type Result,
  renderStepTable,
  transition,
} from '../../engine/index.js';
import { packageBuiltins } from '../../local/formulas/builtins.js';
import type { GitHubContext } from '../../shell/github/github-context.js';
import { type PatrolOptions, type PatrolReport, runPatrol } from '../../shell/github/github-patrol.js';
import type { ActionIO, ModeResult } from '../action-io.js';

export const PATROL_FORMULA = 'mol-witness-patrol';
const WISP_TTL_MS = 3_600_000;

/** Which wisp step reports which of the round's actions (`report.done` lines start with the action). */
const STEP_ACTIONS: Record<string, string[]> = {
  'nudge-idle': ['nudge'],
  'timeout-stuck': ['timeout', 'gates'],
  // A delivery no job made is orphaned work too.
  'redispatch-orphans': ['redispatch', 'expire-lease', 'redispatch-ready', 'redeliver'],
  'release-locks': ['release-lock'],
  'evaporate-wisps': ['evaporate'],
};

export async function patrolMode(
  ctx: GitHubContext,
  io: ActionIO,
  runId: string,
  options: PatrolOptions = {},
): Promise<ModeResult> {
  const wisp = wispPatrol(ctx, runId);
  if (!wisp.ok) return { outputs: {}, failure: wisp.error.message };
  const report = await runPatrol(ctx, options);
  if (report.deferred !== undefined) {
    const line = `Patrol deferred: ${report.deferred}; the next scheduled round patrols.`;
    io.warning(`patrol: ${line}`);
    await io.summary(`### Molecular patrol\n\n${line}\n`);
    return { outputs: { status: 'deferred' } };
  }
  const walked = walkWisp(wisp.value.proto, wisp.value.mol, report, ctx.now());
  for (const line of report.done) io.info(`patrol: ${line}`);
  for (const problem of report.problems) io.warning(`patrol: ${problem}`);
  const verdict =
    report.done.length === 0
      ? `Nothing was stuck in ${report.surveyed} active molecule${report.surveyed === 1 ? '' : 's'}.`
      : `${report.done.length} action${report.done.length === 1 ? '' : 's'} on ${report.surveyed} active molecule${report.surveyed === 1 ? '' : 's'}.`;
  io.info(`patrol: ${verdict}`);
  await io.summary(patrolSummary(walked, verdict, report));
  return { outputs: { molecule: walked.id, status: report.done.length === 0 ? 'clean' : 'acted' } };
}

/** The patrol's own wisp: the built-in formula, cooked with the config's thresholds, poured in memory. */
export function wispPatrol(ctx: GitHubContext, runId: string): Result<{ proto: Proto; mol: Molecule }> {
  const builtin = packageBuiltins(PATROL_FORMULA);
  if (!builtin)
    return err('unknown-formula', `the built-in formula ${PATROL_FORMULA} is missing beside the Action`);
  const parsed = parseFormula(builtin.text, builtin.file);
  if (!parsed.ok) return parsed;
  const vars = {
    nudge_after: ctx.config.nudge_after,
    stuck_after: ctx.config.stuck_after,
    lock_ttl: ctx.config.lock_ttl,
  };
  const cooked = cook(parsed.value, { vars });
  if (!cooked.ok) return cooked;
  const proto = cooked.value.proto;
  const poured = pour(proto, {
    id: `patrol-${runId}`,
    now: ctx.now(),
    vars,
    kind: 'wisp',
    ttlMs: WISP_TTL_MS,
    formula: { name: PATROL_FORMULA, source: builtinPin(builtin.version) },
    title: 'Witness patrol',
    by: ctx.identity.login,
  });
  if (!poured.ok) return poured;
  return ok({ proto, mol: poured.value.mol });
}

/** Each wisp step in order, completed with what its part of the round did. */
export function walkWisp(proto: Proto, start: Molecule, report: PatrolReport, now: Date): Molecule {
  let mol = start;
  for (const def of proto.steps) {
    const notes = notesFor(def.id, report);
    const done = transition(
      proto,
      mol,
      {
        type: 'complete',
        step: def.id,
        checkpoint: { filesModified: [], testsPassed: true, notes, capturedAt: now.toISOString() },
      },
      now,
    );
    if (done.ok) mol = done.value.mol;
  }
  return mol;
}

function notesFor(step: string, report: PatrolReport): string {
  if (step === 'survey') return `${report.surveyed} active molecule${report.surveyed === 1 ? '' : 's'}`;
  if (step === 'report') {
    return report.problems.length > 0 ? `${report.problems.length} problem(s), listed below` : 'no problems';
  }
  const kinds = STEP_ACTIONS[step] ?? [];
  const lines = report.done.filter((line) => kinds.includes(line.split(' ')[0] ?? ''));
  return lines.length > 0
    ? lines.map((line) => line.split(' ').slice(1).join(' ')).join(', ')
    : 'nothing to do';
}

function patrolSummary(wisp: Molecule, verdict: string, report: PatrolReport): string {
  const titles = new Map(wisp.steps.map((s) => [s.id, s.id]));
  const parts = ['### Molecular patrol', '', verdict, '', renderStepTable(wisp.steps, titles)];
  if (report.done.length > 0) parts.push('', '**Done**', '', ...report.done.map((line) => `- ${line}`));
  if (report.problems.length > 0) parts.push('', '**Problems**', '', ...report.problems.map((p) => `- ${p}`));
  return `${parts.join('\n')}\n`;
}
