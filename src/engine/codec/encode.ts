import type { Proto } from '../cook/proto.js';
import { err, ok, type Result } from '../errors.js';
import { formatKeyPath } from '../formula/key-path.js';
import type { Molecule } from '../molecule/molecule-schema.js';
import { withListsSplitOnce } from '../molecule/row-chunks.js';
import { groupDigits } from '../render/group-digits.js';
import { type RenderOptions, renderSummaryView, renderView } from '../render/markdown.js';
import { byteLength, DEFAULT_STATE_BUDGET_BYTES } from './budget.js';
import { checkState } from './check-state.js';
import { commentSafe } from './comment-safe-json.js';
import { DEFAULT_DEFLATE_LEVEL, deflateToBase64, FAST_DEFLATE_LEVEL, MAX_INFLATED_BYTES } from './deflate.js';
import { packedMoleculeJson } from './packed-json.js';
import { plainJsonWithin } from './plain-json.js';
import { formatStateBlock } from './state-block.js';
import { fewestToDrop, type Probe } from './trim-search.js';

export interface EncodeOptions {
  /** Titles and the graph for the view; without it the view shows step ids only. */
  proto?: Proto;
  /** UTF-8 bytes the whole comment body may take. */
  budgetBytes?: number;
  render?: RenderOptions;
}

export interface EncodedState {
  body: string;
  compressed: boolean;
  /** History entries dropped (oldest first) by this encode to fit the budget. */
  trimmedHistory: number;
  /** The molecule the body holds: the input, or a copy with its oldest history trimmed. */
  mol: Molecule;
  /** `summary` when the full view did not fit and the body carries the short one. */
  view: 'full' | 'summary';
}

/**
 * A state comment body: the hidden state block, then the rendered view. To stay within the budget
 * it tries, in order: plain JSON; deflated JSON (fast, then smaller); dropping the oldest history
 * entries (counted in `historyTrimmed`); the summary view. When nothing fits it returns
 * `state-too-large` and the caller keeps its previous state: nothing is ever half-written. The
 * input is never modified.
 */
export function encodeState(mol: Molecule, opts: EncodeOptions = {}): Result<EncodedState> {
  return withListsSplitOnce(() => encodeWithin(mol, opts));
}

function encodeWithin(mol: Molecule, opts: EncodeOptions): Result<EncodedState> {
  const budget = opts.budgetBytes ?? DEFAULT_STATE_BUDGET_BYTES;
  // A reducer bug must not reach the comment: a state that would not decode is never written.
  const problem = checkState(mol);
  if (problem) {
    const where = formatKeyPath(problem.path) || '(root)';
    return err(
      'state-invalid',
      `refusing to write molecule ${mol.id}: its state is not valid at ${where}: ${problem.message}`,
    );
  }
  const fullView = renderView(mol, opts.proto, opts.render);
  const plainJson = plainJsonWithin(mol, budget);
  if (plainJson !== undefined) {
    const plain = `${formatStateBlock('json', commentSafe(plainJson))}\n\n${fullView}`;
    if (byteLength(plain) <= budget)
      return ok({ body: plain, compressed: false, trimmedHistory: 0, mol, view: 'full' });
  }

  const all = mol.history.length;
  let smallest = 0;
  // The summary view is rendered only once the full one has not fitted.
  for (const [view, render] of [
    ['full', () => fullView],
    ['summary', () => renderSummaryView(mol, opts.proto)],
  ] as const) {
    const text = render();
    const measure = (dropped: number): Probe<EncodedState> => {
      const state = dropOldestHistory(mol, dropped);
      const json = packedMoleculeJson(state);
      const bodyAt = (level: number) =>
        `${formatStateBlock('deflate', deflateToBase64(json, level))}\n\n${text}`;
      // A state that would inflate past what readers accept does not fit, however well it deflates.
      // (A UTF-16 unit takes at most 3 UTF-8 bytes: most states need no count.)
      const inflatesTooFar = json.length * 3 > MAX_INFLATED_BYTES && byteLength(json) > MAX_INFLATED_BYTES;
      // The fast level while it fits; the default one, a quarter smaller, before any history goes.
      let body = inflatesTooFar ? undefined : bodyAt(FAST_DEFLATE_LEVEL);
      if (body === undefined || byteLength(body) > budget) body = bodyAt(DEFAULT_DEFLATE_LEVEL);
      return {
        bytes: inflatesTooFar ? Math.max(byteLength(body), budget + 1) : byteLength(body),
        value: { body, compressed: true, trimmedHistory: dropped, mol: state, view },
      };
    };
    const whole = measure(0);
    if (whole.bytes <= budget) return ok(whole.value);
    const bare = all > 0 ? measure(all) : whole;
    smallest = bare.bytes;
    if (bare.bytes > budget) continue;
    return ok(
      fewestToDrop({ count: 0, bytes: whole.bytes }, { count: all, probe: bare }, budget, measure).probe
        .value,
    );
  }
  return err(
    'state-too-large',
    `molecule ${mol.id} state is ${groupDigits(smallest)} bytes compressed, over the ${groupDigits(budget)}-byte budget of a GitHub comment; ` +
      `it does not fit even with all ${groupDigits(all)} history entries trimmed and the view cut to a summary. ` +
      'Squash or burn finished molecules, or split the formula into smaller ones; the previous state was left as it was.',
  );
}

function dropOldestHistory(mol: Molecule, count: number): Molecule {
  if (count === 0) return mol;
  return { ...mol, history: mol.history.slice(count), historyTrimmed: (mol.historyTrimmed ?? 0) + count };
}
