/**
 * The dashboard's checkboxes: each box carries its action in a hidden marker, so ticking it (an
 * `issues.edited` of the dashboard issue) says exactly what to do. Ids are percent-encoded in the
 * marker: nothing a step id holds can end the HTML comment early.
 */
import type { CommandVerb } from '../commands/grammar.js';

export const DASHBOARD_ACTIONS = ['retry', 'redispatch', 'burn'] as const;
export type DashboardAction = (typeof DASHBOARD_ACTIONS)[number];

export interface DashboardBox {
  action: DashboardAction;
  molId: string;
  step?: string;
}

/** The slash command whose permission a ticked box needs: re-dispatching is a kind of retry. */
export const DASHBOARD_ACTION_VERB: Record<DashboardAction, CommandVerb> = {
  retry: 'retry',
  redispatch: 'retry',
  burn: 'burn',
};

const MARKER = 'mol-dashboard';
const BOX_LINE = new RegExp(
  `^(\\s*(?:[-*+]|\\d+[.)])\\s+)\\[([ xX])\\](\\s.*<!-- ${MARKER} (${DASHBOARD_ACTIONS.join('|')}) (\\S+)(?: (\\S+))? -->\\s*)$`,
);

/** `- [ ] <label> <!-- mol-dashboard retry 12-a1b2c3 build -->`; `label` is markdown already. */
export function renderBox(box: DashboardBox, label: string, indent = ''): string {
  const step = box.step === undefined ? '' : ` ${encodeURIComponent(box.step)}`;
  return `${indent}- [ ] ${label} <!-- ${MARKER} ${box.action} ${encodeURIComponent(box.molId)}${step} -->`;
}

/** The boxes ticked in a dashboard body, in order, each once. */
export function tickedBoxes(body: string): DashboardBox[] {
  const seen = new Set<string>();
  const boxes: DashboardBox[] = [];
  for (const line of body.split(/\r?\n/)) {
    const match = BOX_LINE.exec(line);
    if (!match || match[2] === ' ') continue;
    const molId = decode(match[5] as string);
    const step = match[6] === undefined ? undefined : decode(match[6]);
    if (molId === undefined || (match[6] !== undefined && step === undefined)) continue;
    const box: DashboardBox = {
      action: match[4] as DashboardAction,
      molId,
      ...(step === undefined ? {} : { step }),
    };
    const key = JSON.stringify(box);
    if (seen.has(key)) continue;
    seen.add(key);
    boxes.push(box);
  }
  return boxes;
}

/** The body with every action box unticked (the rest as it was). */
export function untickBoxes(body: string): string {
  return body
    .split('\n')
    .map((line) => {
      const match = BOX_LINE.exec(line.endsWith('\r') ? line.slice(0, -1) : line);
      if (!match || match[2] === ' ') return line;
      return `${match[1]}[ ]${match[3]}${line.endsWith('\r') ? '\r' : ''}`;
    })
    .join('\n');
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
