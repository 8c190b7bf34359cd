/**
 * The dashboard issue's body, pure: stuck molecules on top, then every live one, then those
 * finished recently in a folded section. It stays under GitHub's body limit by folding the
 * oldest entries of each section to a count that says so; nothing is cut silently. A digest of
 * everything but the ages lets the keeper skip an edit when nothing but time moved.
 */
import { formatUsd } from '../budget/usage.js';
import { formatDuration } from '../duration.js';
import type { StepWait } from '../molecule/step-waits.js';
import { codeSpan, inlineText } from '../render/escape-markdown.js';
import { MOLECULE_STATUS_EMOJI, statusWords } from '../render/status-emoji.js';
import { renderBox } from './dashboard-boxes.js';
import type { MoleculeSummary } from './molecule-summary.js';

/** GitHub refuses an issue body over 65,536 characters. */
export const GITHUB_BODY_LIMIT = 65_536;
/** What the renderer allows itself: room for GitHub counting some characters differently. */
export const DASHBOARD_BUDGET = 60_000;

/** A molecule patrol found stuck this round, and why. */
export interface StuckEntry {
  molId: string;
  step?: string;
  reason: string;
  /** Patrol would dispatch the step again: the box offers to do it now. */
  redispatch?: boolean;
}

export interface DashboardInput {
  /** `owner/name`: issues of this repository link as `#12`, others as `owner/name#12`. */
  repo?: string;
  live: readonly MoleculeSummary[];
  finished: readonly MoleculeSummary[];
  /**
   * What else is stuck (what patrol could not do this round). Failed molecules and steps patrol
   * acted on that have not moved since are read from the summaries.
   */
  stuck: readonly StuckEntry[];
  /** Characters the body may use (default `DASHBOARD_BUDGET`). */
  budget?: number;
}

export interface RenderedDashboard {
  body: string;
  digest: string;
  /** Entries folded to a count, per section. */
  folded: { stuck: number; live: number; finished: number };
}

const DIGEST = /<!-- molecular-dashboard digest:([0-9a-f]+) -->/;

/** How a gate a step waits at reads; a gate not named here is `a gate`. */
const GATE_WORDS: Readonly<Record<string, string>> = {
  approval: 'an approval',
  timer: 'a timer',
  checks: 'checks',
  'pr-merged': 'a merge',
};

export function renderDashboard(input: DashboardInput): RenderedDashboard {
  const withAges = layout(input, true);
  const digest = fnv1a(layout(input, false).body);
  return {
    body: `<!-- molecular-dashboard digest:${digest} -->\n${withAges.body}`,
    digest,
    folded: withAges.folded,
  };
}

/** The digest a rendered body carries, if it is one. */
export function dashboardDigest(body: string | null | undefined): string | undefined {
  return DIGEST.exec(body ?? '')?.[1];
}

function layout(input: DashboardInput, ages: boolean): Omit<RenderedDashboard, 'digest'> {
  const budget = (input.budget ?? DASHBOARD_BUDGET) - 80; // the digest line
  const allStuck = [...input.live.flatMap(stuckOf), ...input.stuck];
  const stuckIds = new Set(allStuck.map((s) => s.molId));
  const byId = new Map(input.live.map((m) => [m.id, m]));
  const stuckMols = [...stuckIds]
    .map((id) => byId.get(id))
    .filter((m): m is MoleculeSummary => m !== undefined);
  const live = input.live.filter((m) => !stuckIds.has(m.id));
  const head = [
    '_Kept current by Molecular once per patrol round: a view of the molecules’ state comments, rebuilt from them if this issue is lost. Tick a box to act on it; it is obeyed when your role allows the matching `/mol` command._',
    '',
    `**${input.live.length} live** · ${stuckMols.length} stuck · ${input.finished.length} finished recently`,
    '',
    '',
  ].join('\n');
  const out: string[] = [head];
  let used = head.length;
  const folded = { stuck: 0, live: 0, finished: 0 };
  // Each section keeps room for its closing lines and the fold sentences of what follows.
  const fill = (entries: string[][], reserve: number): number => {
    let shown = 0;
    for (const lines of entries) {
      const text = `${lines.join('\n')}\n`;
      if (used + text.length + reserve > budget) break;
      out.push(text);
      used += text.length;
      shown++;
    }
    return entries.length - shown;
  };
  const say = (text: string) => {
    out.push(text);
    used += text.length;
  };

  if (stuckMols.length > 0) {
    say(`## ⚠️ Stuck (${stuckMols.length})\n\n`);
    folded.stuck = fill(
      stuckMols.map((m) =>
        stuckEntry(
          m,
          allStuck.filter((s) => s.molId === m.id),
          input.repo,
          ages,
        ),
      ),
      900,
    );
    if (folded.stuck > 0) say(foldLine(folded.stuck, 'stuck molecules', stuckMols.slice(-folded.stuck)));
    say('\n');
  }
  say(`## Live (${live.length})\n\n`);
  if (live.length === 0) say('_Nothing running._\n');
  folded.live = fill(
    live.map((m) => entry(m, input.repo, ages)),
    600,
  );
  if (folded.live > 0) say(foldLine(folded.live, 'older live molecules', live.slice(-folded.live)));
  if (input.finished.length > 0) {
    say(`\n<details><summary>Finished recently (${input.finished.length})</summary>\n\n`);
    folded.finished = fill(
      input.finished.map((m) => entry(m, input.repo, ages)),
      300,
    );
    if (folded.finished > 0)
      say(foldLine(folded.finished, 'older finished molecules', input.finished.slice(-folded.finished)));
    say('\n</details>\n');
  }
  return { body: out.join(''), folded };
}

/** A failed molecule, and the steps patrol acted on that have not moved since. */
export function stuckOf(m: MoleculeSummary): StuckEntry[] {
  const stuck: StuckEntry[] = [];
  if (m.status === 'failed')
    stuck.push({
      molId: m.id,
      reason: `failed${m.failed.length > 0 ? ` at step ${m.failed.join(', ')}` : ''}`,
    });
  for (const n of m.nudged ?? []) {
    const job = m.waiting.some((w) => w.step === n.step && w.on === 'start');
    stuck.push({
      molId: m.id,
      step: n.step,
      reason:
        n.status === 'ready'
          ? `step ${n.step} was dispatched again at ${n.at} and no job has started it`
          : `step ${n.step} has been idle; patrol nudged it at ${n.at}`,
      ...(job ? { redispatch: true } : {}),
    });
  }
  return stuck;
}

function foldLine(count: number, what: string, hidden: readonly MoleculeSummary[]): string {
  const byStatus = new Map<string, number>();
  for (const m of hidden) byStatus.set(statusWords(m.status), (byStatus.get(statusWords(m.status)) ?? 0) + 1);
  const split = [...byStatus].map(([status, n]) => `${n} ${status}`).join(', ');
  return `\n_…and ${count} ${what} folded to this count (${split}), to keep this issue under GitHub’s ${GITHUB_BODY_LIMIT.toLocaleString('en-US')}-character limit; \`/mol status\` on each issue shows them._\n`;
}

function stuckEntry(
  m: MoleculeSummary,
  why: readonly StuckEntry[],
  repo: string | undefined,
  ages: boolean,
): string[] {
  const lines = entry(m, repo, ages);
  for (const s of why) {
    lines.splice(1, 0, `  - stuck: ${inlineText(s.reason, 200)}`);
    if (s.redispatch && s.step !== undefined)
      lines.push(
        renderBox(
          { action: 'redispatch', molId: m.id, step: s.step },
          `re-dispatch step ${codeSpan(s.step, 60)}`,
          '  ',
        ),
      );
  }
  return lines;
}

function entry(m: MoleculeSummary, repo: string | undefined, ages: boolean): string[] {
  const facts = [
    `${MOLECULE_STATUS_EMOJI[m.status]} **${codeSpan(m.formula, 60)}**${m.kind === 'wisp' ? ' (wisp)' : ''}`,
    ...(m.issue === undefined ? [] : [link(m.issue, m.repo, repo)]),
    ...(m.pr === undefined || m.pr === m.issue ? [] : [`PR ${link(m.pr, m.repo, repo)}`]),
    statusWords(m.status),
    `${m.done}/${m.total} steps (${m.percent}%)`,
    ...(ages ? [`age ${formatDuration(m.ageMs)}`] : []),
    ...(m.costUsd === undefined ? [] : [formatUsd(m.costUsd)]),
    codeSpan(m.id, 80),
  ];
  const lines = [`- ${facts.join(' · ')}`];
  if (m.waiting.length > 0) lines.push(`  - waiting: ${waits(m.waiting)}`);
  for (const step of m.failed.slice(0, 5))
    lines.push(
      renderBox({ action: 'retry', molId: m.id, step }, `retry failed step ${codeSpan(step, 60)}`, '  '),
    );
  if (m.kind === 'wisp' && (m.status === 'pending' || m.status === 'in_progress' || m.status === 'paused'))
    lines.push(
      renderBox(
        { action: 'burn', molId: m.id },
        `burn this wisp${m.expiresAt ? ` (it evaporates at ${m.expiresAt})` : ''}`,
        '  ',
      ),
    );
  return lines;
}

function waits(list: readonly StepWait[]): string {
  const shown = list.slice(0, 6).map((w) => `${codeSpan(w.step, 60)} on ${waitWords(w)}`);
  return `${shown.join(' · ')}${list.length > 6 ? ` · and ${list.length - 6} more` : ''}`;
}

/** `a person (ada)`, `an approval and a timer`, `a job (42)`: on GitHub a step runs as a job. */
function waitWords(w: StepWait): string {
  switch (w.on) {
    case 'person':
      return w.assignee === undefined ? 'a person' : `a person (${inlineText(w.assignee, 40)})`;
    case 'start':
      return 'a job';
    case 'running': {
      const run = w.lease?.runId ?? w.lease?.holder;
      return run === undefined ? 'a job' : `a job (${codeSpan(run, 40)})`;
    }
    case 'approval':
    case 'gates': {
      const words = [...new Set((w.gates ?? []).map((g) => GATE_WORDS[g] ?? 'a gate'))];
      return words.length === 0 ? 'a gate' : words.join(' and ');
    }
    case 'budget':
      return 'a raised budget';
  }
}

function link(number: number, of: string | undefined, here: string | undefined): string {
  return of !== undefined && here !== undefined && of.toLowerCase() !== here.toLowerCase()
    ? `${of}#${number}`
    : `#${number}`;
}

/** FNV-1a, 32 bits: enough to tell one rendering from the next, and pure. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
