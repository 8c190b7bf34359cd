/**
 * What a squashed molecule's comment becomes: a hidden archive block (the ArchiveRecord as
 * comment-safe JSON) and a short rendered summary, so `loadArchive` reads it back and people see
 * what happened. Archives are small, so there is no compressed form.
 *
 *   <!-- molecular:archive v1
 *   {"v":1,"id":"12-a1b2c3",...}
 *   -->
 */
import {
  type ArchiveRecord,
  ArchiveRecordSchema,
  codeSpan,
  commentSafeJson,
  err,
  findHiddenBlock,
  formatDuration,
  type HiddenBlock,
  inlineText,
  ok,
  type Result,
  truncate,
} from '../../engine/index.js';

const OPEN = '<!-- molecular:archive v1';

export function formatArchiveBody(record: ArchiveRecord): string {
  const steps = record.steps.map((s) => `| ${codeSpan(s.id)} | ${s.status} | ${s.attempts} |`);
  const m = record.metrics;
  return [
    `${OPEN}\n${commentSafeJson(record)}\n-->`,
    '',
    `### 📦 ${inlineText(record.title, 200)}`,
    '',
    `Squashed molecule ${codeSpan(record.id)} (formula ${codeSpan(record.formula.name)}): **${record.outcome}** after ${formatDuration(m.durationMs)}, ${m.attempts} attempts, ${m.retries} retries, ${m.loops} loops.`,
    '',
    // The summary is markdown, but it must not open a block of its own that a reader could mistake for state.
    truncate(record.summary, 4_000).replace(/<!--/g, '&lt;!--'),
    '',
    '<details><summary>Steps</summary>',
    '',
    '| step | status | attempts |',
    '|---|---|---|',
    ...steps.slice(0, 200),
    '',
    '</details>',
  ].join('\n');
}

export function hasArchiveBlock(body: string): boolean {
  return findArchiveBlock(body) !== undefined;
}

/** The archive block's header and text, found by the same linear scan as state blocks. */
export function findArchiveBlock(body: string): HiddenBlock | undefined {
  const block = findHiddenBlock(body, 'molecular:archive');
  return block?.closed && block.rest === '' ? block : undefined;
}

/** The archive record in a comment body; undefined when it holds none. */
export function readArchiveBlock(body: string): Result<ArchiveRecord> | undefined {
  const block = findArchiveBlock(body);
  if (!block) return undefined;
  return parseArchive(block);
}

/** The record in a block already found, schema-checked. */
export function parseArchive(block: HiddenBlock): Result<ArchiveRecord> {
  if (block.version !== 1)
    return err(
      'state-version',
      `the archive block is format v${block.version}, which this Molecular cannot read`,
    );
  let data: unknown;
  try {
    data = JSON.parse(block.payload);
  } catch (cause) {
    return err('state-corrupt', `the archive block is not valid JSON: ${(cause as Error).message}`);
  }
  const parsed = ArchiveRecordSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err(
      'state-invalid',
      `the archive block does not hold a valid record: at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
  }
  return ok(parsed.data);
}
