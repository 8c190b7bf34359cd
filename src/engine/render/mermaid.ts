/**
 * The step graph as a mermaid flowchart, the picture GitHub draws from a ```mermaid block and
 * `mol graph` prints. It comes from the proto's `needs` (the same table the scheduler reads), so
 * it cannot drift from what runs. Output is deterministic: nodes in proto order, one class line
 * per status in STEP_STATUSES order.
 */

import type { Proto } from '../cook/proto.js';
import { withFanouts } from '../molecule/fanout.js';
import { type Molecule, STEP_STATUSES, type StepStatus } from '../molecule/molecule-schema.js';
import { oneLine, truncate } from './escape-markdown.js';
import { STEP_STATUS_EMOJI } from './status-emoji.js';

/** Light fills with dark text read on both GitHub themes; the stroke carries the status hue. */
export const STATUS_CLASS_STYLE: Record<StepStatus, string> = {
  pending: 'fill:#f6f8fa,stroke:#8c959f,color:#24292f',
  ready: 'fill:#ddf4ff,stroke:#0969da,color:#0a3069',
  in_progress: 'fill:#fff8c5,stroke:#bf8700,color:#4d2d00',
  awaiting_gate: 'fill:#fbefff,stroke:#8250df,color:#3e1f79',
  completed: 'fill:#dafbe1,stroke:#1a7f37,color:#003d16',
  failed: 'fill:#ffebe9,stroke:#cf222e,color:#82071e',
  skipped: 'fill:#eaeef2,stroke:#6e7781,color:#424a53,stroke-dasharray:4 3',
  blocked: 'fill:#ffebe9,stroke:#82071e,color:#82071e,stroke-dasharray:2 2',
};

const LABEL_MAX_CHARS = 60;

export function renderMermaid(cooked: Proto, mol?: Molecule): string {
  const proto = mol ? withFanouts(cooked, mol) : cooked;
  const nodeId = new Map<string, string>();
  proto.steps.forEach((step, index) => {
    if (!nodeId.has(step.id)) nodeId.set(step.id, `s${index}`);
  });
  const status = new Map<string, StepStatus>();
  for (const step of mol?.steps ?? []) status.set(step.id, step.status);

  const lines = ['flowchart TD'];
  const byStatus = new Map<StepStatus, string[]>();
  proto.steps.forEach((step, index) => {
    const id = `s${index}`;
    const stepStatus = status.get(step.id);
    const emoji = stepStatus ? `${STEP_STATUS_EMOJI[stepStatus]} ` : '';
    const title = step.title.trim() === '' ? step.id : step.title;
    const label =
      title === step.id ? mermaidText(title) : `${mermaidText(title)}<br/>${mermaidText(step.id)}`;
    lines.push(`  ${id}["${emoji}${label}"]`);
    if (stepStatus) byStatus.set(stepStatus, [...(byStatus.get(stepStatus) ?? []), id]);
  });
  proto.steps.forEach((step, index) => {
    for (const need of step.needs) {
      const from = nodeId.get(need);
      if (from) lines.push(`  ${from} --> s${index}`);
    }
  });
  for (const stepStatus of STEP_STATUSES) {
    const ids = byStatus.get(stepStatus);
    if (!ids) continue;
    lines.push(`  classDef ${stepStatus} ${STATUS_CLASS_STYLE[stepStatus]}`);
    lines.push(`  class ${ids.join(',')} ${stepStatus}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Text inside a quoted mermaid label. Mermaid reads `#name;` and `#123;` as entities, so `#`
 * itself, quotes, angle brackets (HTML labels) and backticks (markdown labels) become entities.
 */
export function mermaidText(text: string): string {
  return truncate(oneLine(text), LABEL_MAX_CHARS).replace(/[#"<>&`]/g, (c) => `#${c.codePointAt(0)};`);
}
