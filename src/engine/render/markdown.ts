/**
 * The view under the state block: what people see in the state comment (and `mol status`).
 * Small molecules get every step and the graph; large ones a summary that stays readable and
 * inside the comment budget.
 */

import type { Proto } from '../cook/proto.js';
import { withFanouts } from '../molecule/fanout.js';
import { type Molecule, STEP_STATUSES, type StepStatus } from '../molecule/molecule-schema.js';
import { codeSpan, inlineText } from './escape-markdown.js';
import { groupDigits } from './group-digits.js';
import { renderMermaid } from './mermaid.js';
import { progressBar } from './progress-bar.js';
import { MOLECULE_STATUS_EMOJI, STEP_STATUS_EMOJI, statusWords } from './status-emoji.js';
import { summaryRows, tallyStatuses } from './step-runs.js';
import { renderStepTable } from './step-table.js';

export interface RenderOptions {
  /** More steps than this and the table shows only the active, failed and recent ones. */
  maxTableRows?: number;
  /** More steps than this and the graph is left out. */
  maxGraphNodes?: number;
}

export const DEFAULT_MAX_TABLE_ROWS = 50;
export const DEFAULT_MAX_GRAPH_NODES = 60;

export function renderView(mol: Molecule, cooked?: Proto, opts: RenderOptions = {}): string {
  // A fan-out's children are steps of the molecule like any other: titles and graph include them.
  const proto = cooked && withFanouts(cooked, mol);
  const maxTableRows = opts.maxTableRows ?? DEFAULT_MAX_TABLE_ROWS;
  const maxGraphNodes = opts.maxGraphNodes ?? DEFAULT_MAX_GRAPH_NODES;
  const titles = proto ? titlesOf(proto) : undefined;
  const parts = [...heading(mol, proto)];

  if (mol.steps.length <= maxTableRows) {
    if (mol.steps.length > 0) parts.push(renderStepTable(mol.steps, titles));
  } else {
    const shown = summaryRows(mol.steps, maxTableRows);
    parts.push(
      `_Showing ${groupDigits(shown.length)} of ${groupDigits(mol.steps.length)} steps: the active, the failed and the most recent. \`mol status ${mol.id}\` lists them all._`,
    );
    if (shown.length > 0) parts.push(renderStepTable(shown, titles));
  }

  if (proto && proto.steps.length > 0) {
    if (proto.steps.length <= maxGraphNodes) parts.push(`\`\`\`mermaid\n${renderMermaid(proto, mol)}\`\`\``);
    else {
      parts.push(
        `_The graph is left out: ${groupDigits(proto.steps.length)} steps are too many to draw legibly (the limit is ${maxGraphNodes}). \`mol graph\` prints it._`,
      );
    }
  }
  return `${parts.join('\n\n')}\n`;
}

/** The smallest useful view, used when the full one would push the state comment over budget. */
export function renderSummaryView(mol: Molecule, proto?: Proto): string {
  return `${[
    ...heading(mol, proto),
    `_The step table is left out to keep the state within one comment. \`mol status ${mol.id}\` shows it._`,
  ].join('\n\n')}\n`;
}

function heading(mol: Molecule, proto?: Proto): string[] {
  const formula = proto?.formula ?? mol.formula.name;
  const title =
    mol.title.trim() === '' || mol.title === formula
      ? codeSpan(formula)
      : `${inlineText(mol.title, 120)} · ${codeSpan(formula)}`;
  const meta = [
    `molecule ${codeSpan(mol.id)}`,
    statusWords(mol.status),
    `rev ${mol.rev}`,
    `updated ${readableTime(mol.updatedAt)}`,
  ];
  const tally = tallyStatuses(mol.steps);
  // Settled as settledSteps counts them: completed or skipped.
  const settled = (tally.get('completed') ?? 0) + (tally.get('skipped') ?? 0);
  const lines = [
    `### ${MOLECULE_STATUS_EMOJI[mol.status]} ${title}`,
    meta.join(' · '),
    `**Progress** \`${progressBar(settled, mol.steps.length)}\``,
  ];
  const counts = statusCounts(tally);
  if (counts !== '') lines.push(counts);
  if (mol.summary) lines.push(`> ${inlineText(mol.summary, 500)}`);
  const delivery = deliveryLine(mol);
  if (delivery !== undefined) lines.push(delivery);
  return lines;
}

/** `**Pull request** [#12](url) · open · from `molecular/m/-result``: where the work is delivered. */
function deliveryLine(mol: Molecule): string | undefined {
  const d = mol.delivery;
  if (d === undefined) return undefined;
  const from = `from ${codeSpan(d.branch)}`;
  if (d.pr === undefined) return `**Pull request** not opened yet · result branch ${codeSpan(d.branch)}`;
  const pr = d.url !== undefined && /^https?:\/\//.test(d.url) ? `[#${d.pr}](${d.url})` : `#${d.pr}`;
  const line = [`**Pull request** ${pr}`, ...(d.state === undefined ? [] : [d.state]), from].join(' · ');
  return d.note === undefined ? line : `${line}\n\n> ${inlineText(d.note, 600)}`;
}

/** `✅ 4 completed · 🔄 1 in progress · ⚪ 3 pending`, in the order of the step machine. */
function statusCounts(counts: ReadonlyMap<StepStatus, number>): string {
  return STEP_STATUSES.filter((status) => counts.has(status))
    .map(
      (status) =>
        `${STEP_STATUS_EMOJI[status]} ${groupDigits(counts.get(status) ?? 0)} ${statusWords(status)}`,
    )
    .join(' · ');
}

/**
 * Keyed by object: the engine never changes a proto it returned, so a view re-rendered after
 * every transition reads the proto's titles once instead of on every write.
 */
const titleCache = new WeakMap<Proto, ReadonlyMap<string, string>>();

function titlesOf(proto: Proto): ReadonlyMap<string, string> {
  let titles = titleCache.get(proto);
  if (!titles) {
    titles = new Map(proto.steps.map((step) => [step.id, step.title]));
    titleCache.set(proto, titles);
  }
  return titles;
}

/** `2025-01-15 10:23 UTC`: shorter than ISO, and the same for every reader. */
function readableTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
