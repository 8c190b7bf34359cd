import type { Proto } from '../../engine/cook/proto.js';
import { parseDuration } from '../../engine/duration.js';
import { LIVE_STATUS_LIST } from '../../engine/index.js';
import type { Molecule } from '../../engine/molecule/molecule-schema.js';
import { type PatrolAction, patrolDecisions, toEvent } from '../../engine/molecule/patrol-decisions.js';
import { applyEvent } from '../apply-event.js';
import { JSON_OPTION, parse } from '../args.js';
import { carryOut, removeMoleculeWork } from '../carry-out.js';
import { STORE_OPTION } from '../cli-context.js';
import { type CliIO, EXIT } from '../io.js';
import { loadProto } from '../load-molecule.js';
import { isRunGone } from '../local-run.js';
import { recheckTimers } from '../recheck-timers.js';
import { releaseStaleLock, surveyLocks } from '../survey-locks.js';
import { contextFor, failWith } from '../verb.js';
import { usageError } from './cook.js';

export const usage = 'mol patrol [--nudge-after 30m] [--timeout 2h] [--json]';

/** What patrol did: the engine's actions, plus `timer` for due timer gates it recorded. */
interface Applied {
  type: PatrolAction['type'] | 'timer';
  molId: string;
  step?: string;
  applied: boolean;
  detail: string;
}

const subject = (action: PatrolAction) => ({
  type: action.type,
  molId: action.molId,
  ...('step' in action ? { step: action.step } : {}),
});

/**
 * One patrol over the local store (DESIGN §8), with the engine's pure decisions: nudges printed,
 * steps past their timeout failed (so retries apply), steps of dead local runs and expired leases
 * back to ready (`mol resume` runs them), expired wisps evaporated, stale locks released, due timer
 * gates recorded. Nothing stuck, nothing changed.
 */
export async function patrolCommand(io: CliIO, argv: string[]): Promise<number> {
  const args = parse(argv, {
    ...JSON_OPTION,
    ...STORE_OPTION,
    'nudge-after': { type: 'string' },
    timeout: { type: 'string' },
  });
  if (!args.ok) return usageError(io, args.error.message, usage);
  if (args.value.positionals.length > 0)
    return usageError(io, `unexpected argument "${args.value.positionals[0]}"`, usage);
  const nudgeAfter = (args.value.values['nudge-after'] as string | undefined) ?? '30m';
  const nudgeAfterMs = parseDuration(nudgeAfter);
  if (nudgeAfterMs === undefined)
    return usageError(io, `--nudge-after takes a duration like 30m, got "${nudgeAfter}"`, usage);
  const timeout = args.value.values.timeout as string | undefined;
  const defaultTimeoutMs = timeout === undefined ? undefined : parseDuration(timeout);
  if (timeout !== undefined && defaultTimeoutMs === undefined)
    return usageError(io, `--timeout takes a duration like 2h, got "${timeout}"`, usage);
  const ctx = await contextFor(io, args.value.values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const { store } = ctx.value;

  const scanned = await store.scan({ status: [...LIVE_STATUS_LIST] });
  if (!scanned.ok) return failWith(io, scanned.error);
  for (const problem of scanned.value.problems) io.err(`mol: ${problem.message}`);
  const molecules: Array<{ proto: Proto; mol: Molecule }> = [];
  for (const mol of scanned.value.molecules) {
    const proto = await loadProto(ctx.value.repoDir, mol);
    if (proto.ok) molecules.push({ proto: proto.value, mol });
    else io.err(`mol: ${proto.error.message}`);
  }
  const liveRuns = new Set<string>();
  for (const { mol } of molecules) {
    for (const step of mol.steps) {
      const runId = step.lease?.runId;
      if (runId !== undefined && !isRunGone(runId)) liveRuns.add(runId);
    }
  }
  const now = io.now();
  const actions = patrolDecisions({
    now,
    molecules,
    thresholds: { nudgeAfterMs, ...(defaultTimeoutMs === undefined ? {} : { defaultTimeoutMs }) },
    liveRuns,
    locks: await surveyLocks(store.dir),
  });

  const results: Applied[] = [];
  const quiet = args.value.values.json === true;
  for (const action of actions) {
    if (action.type === 'release-lock') {
      const released = await releaseStaleLock(store.dir, action.molId);
      results.push({
        ...subject(action),
        applied: released.ok && released.value,
        detail: released.ok && released.value ? 'stale lock released' : 'the lock is held by a live process',
      });
      continue;
    }
    const found = molecules.find((m) => m.mol.id === action.molId);
    const event = toEvent(action);
    if (!found || !event) continue;
    const applied = await applyEvent(ctx.value, action.molId, found.proto, event);
    if (!applied.ok) {
      results.push({ ...subject(action), applied: false, detail: applied.error.message });
      continue;
    }
    const carried = await carryOut(
      { ...ctx.value, io: quiet ? { ...io, out: () => {} } : io },
      applied.value.mol,
      found.proto,
      applied.value.effects,
    );
    if (action.type === 'evaporate') await removeMoleculeWork(ctx.value, action.molId);
    results.push({
      ...subject(action),
      applied: carried.ok,
      detail: carried.ok ? describe(action, applied.value.mol) : carried.error.message,
    });
  }
  for (const { proto, mol } of molecules) {
    if (!mol.steps.some((s) => s.status === 'awaiting_gate')) continue;
    const before = mol.steps.map((s) => s.status).join();
    const timed = await recheckTimers(ctx.value, mol, proto);
    if (timed.ok && timed.value.steps.map((s) => s.status).join() !== before) {
      results.push({
        type: 'timer',
        molId: mol.id,
        applied: true,
        detail: 'timer gates that came due were recorded',
      });
    }
  }

  if (quiet) {
    io.out(JSON.stringify({ at: now.toISOString(), surveyed: molecules.length, actions: results }, null, 2));
  } else if (results.length === 0) {
    io.out(
      `patrol: ${molecules.length} active molecule${molecules.length === 1 ? '' : 's'}, nothing is stuck`,
    );
  } else {
    for (const r of results)
      io.out(`${r.applied ? '•' : '✗'} ${r.type} ${r.molId}${r.step ? `/${r.step}` : ''}: ${r.detail}`);
  }
  return EXIT.ok;
}

function describe(action: PatrolAction, mol: Molecule): string {
  const step = 'step' in action ? mol.steps.find((s) => s.id === action.step) : undefined;
  switch (action.type) {
    case 'nudge':
      return 'nudged';
    case 'timeout':
      return `timed out; now ${step?.status.replace('_', ' ')}`;
    case 'redispatch':
    case 'expire-lease':
      return `its runner is gone; back to ready (mol resume ${mol.id})`;
    case 'redispatch-ready':
      return 'ready but never started; dispatched again';
    case 'evaporate':
      return 'the wisp evaporated';
    case 'release-lock':
      return 'stale lock released';
  }
}
