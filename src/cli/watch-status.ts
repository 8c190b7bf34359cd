/**
 * `mol status <mol> --watch`: the molecule's view kept current until it ends, like `gh run watch`.
 * On a terminal the view (headline, step table, what is next) is redrawn in place on each change;
 * piped, one plain line is appended per change (the headline and the steps that moved), so a
 * script or a log reads a history. It wakes on the store's files (watch-molecule.ts), never on a
 * busy loop, and exits as the molecule ends: 0 complete (or squashed, burned), 1 failed; and 0 once
 * a line could not reach its reader (`| head -1`).
 */
import { isLive, type Molecule, type Proto, statusWords } from '../engine/index.js';
import { type WatchClock, watchMolecule } from '../local/store/watch-molecule.js';
import type { CliContext } from './cli-context.js';
import { EXIT } from './io.js';
import { headline, report } from './print.js';
import type { Style } from './style.js';
import { exitFor } from './verb.js';

/** Home, then clear to the end of the screen: the next view is drawn over the last. */
const REDRAW = '\x1b[H\x1b[J';

export interface WatchOptions {
  clock?: WatchClock;
}

export async function watchStatus(
  ctx: CliContext,
  first: { mol: Molecule; proto: Proto },
  options: WatchOptions = {},
): Promise<number> {
  const { io } = ctx;
  const { proto } = first;
  // Symbols are on exactly when stdout is a terminal (style.ts): the one place that asks.
  const tty = io.style.symbols;
  let last = '';
  const draw = (mol: Molecule, before: Molecule | undefined) => {
    const view = tty
      ? `${REDRAW}${report(mol, proto, io.style)}${isLive(mol.status) ? `\n\n${watchingLine(mol, io.style)}` : ''}`
      : changeLine(mol, before, io.style);
    // A write that moved nothing a reader sees (a lease renewed, a checkpoint noted) draws nothing.
    if (view === undefined || view === last) return;
    io.out(view);
    last = view;
  };

  let wake: (() => void) | undefined;
  // Read once more after the watch is set: a write between the first read and the watch is not lost.
  let dirty = true;
  const watch = watchMolecule(
    { dir: ctx.store.dir, id: first.mol.id, ...(options.clock ? { clock: options.clock } : {}) },
    () => {
      dirty = true;
      wake?.();
    },
  );
  try {
    let mol = first.mol;
    draw(mol, undefined);
    // Nobody reads any more: stop at the first line that could not reach them, as `tail -f` does.
    let unread = false;
    void io.outGone?.then(() => {
      unread = true;
      wake?.();
    });
    while (isLive(mol.status)) {
      if (!dirty && !unread) await new Promise<void>((resolve) => (wake = resolve));
      if (unread) return EXIT.ok;
      wake = undefined;
      dirty = false;
      const loaded = await ctx.store.load(mol.id);
      if (!loaded.ok) {
        io.err(`mol: ${loaded.error.message}`);
        return EXIT.failed;
      }
      if (loaded.value === undefined) return gone(ctx, mol);
      if (loaded.value.rev === mol.rev) continue;
      const before = mol;
      mol = loaded.value;
      draw(mol, before);
    }
    return exitFor(mol);
  } finally {
    watch.close();
  }
}

/** The molecule left the store while watched: squashed (its archive stays) or burned. */
async function gone(ctx: CliContext, last: Molecule): Promise<number> {
  const archived = await ctx.store.loadArchive(last.id);
  const how = archived.ok && archived.value !== undefined ? 'squashed' : 'burned';
  ctx.io.out(`${last.id} was ${how}`);
  return EXIT.ok;
}

/**
 * `r1 · review · in progress · 1/3 (33%) · draft completed, build ready`; undefined when neither a
 * step's status nor the headline moved.
 */
function changeLine(mol: Molecule, before: Molecule | undefined, style: Style): string | undefined {
  const line = headline(mol, style);
  if (before === undefined) return line;
  const was = new Map(before.steps.map((s) => [s.id, s.status]));
  const moved = mol.steps
    .filter((s) => was.get(s.id) !== s.status)
    .map((s) => `${s.id} ${statusWords(s.status)}`);
  if (moved.length > 0) return `${line} · ${moved.join(', ')}`;
  return line === headline(before, style) ? undefined : line;
}

function watchingLine(mol: Molecule, style: Style): string {
  return style.paint('muted', `watching ${mol.id}: redrawn as it changes, until it ends (Ctrl-C stops)`);
}
