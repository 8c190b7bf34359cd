/**
 * A person skips a step. Skipping is an explicit override, recorded with who did it: it is how a
 * failed or blocked step is left behind, and it is allowed on a step waiting for its gates (the
 * check run's Skip button), unlike starting a later step early, which the machine refuses. A step
 * in progress cannot be skipped: fail it or let it finish.
 *
 * Two overrides are not plain skips, so they need `force` (`mol skip --force`; on GitHub the
 * command's permission, which includes an approval gate's own level, is that force): a gate step,
 * whose whole job is its gates, and a step whose approval gate has not passed, which would
 * otherwise be left behind without the person it waits for. Order is kept by the scheduler: a step
 * skipped before its own needs are done stands in for them (see `asNeed`), so a skip never lets a
 * later stage start beside an earlier one.
 */
import { err, ok, type Result } from '../../errors.js';
import { refuse } from '../machine/refusal.js';
import type { Draft } from './draft.js';
import type { MoleculeEvent } from './events.js';
import { findStep } from './find-step.js';
import { unblockDownstream } from './send-back.js';

export function skip(d: Draft, e: Extract<MoleculeEvent, { type: 'skip' }>): Result<void> {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const status = d.step(i).status;
  if (!['pending', 'ready', 'awaiting_gate', 'failed', 'blocked'].includes(status)) {
    return refuse(
      'step',
      e.step,
      status,
      'skip',
      status === 'in_progress' ? 'fail it or let it finish' : undefined,
    );
  }
  const bypassed = e.force === true ? undefined : bypasses(d, i);
  if (bypassed !== undefined) {
    return err('force-required', `step "${e.step}" ${bypassed}; skip it with --force to pass them anyway`);
  }
  d.move(
    i,
    'skip',
    'skipped',
    { by: e.by, note: e.reason ?? 'skipped by a person' },
    { lease: undefined, awaitingSince: undefined },
  );
  if (status === 'failed' || status === 'blocked') unblockDownstream(d, [i], e.by);
  return ok(undefined);
}

/** What a plain skip of step i would get past, as the rest of a sentence; undefined: nothing. */
function bypasses(d: Draft, i: number): string | undefined {
  const def = d.def(i);
  if (def.type === 'gate' && def.gates.length > 0) {
    return `is a gate (${def.gates.map((g) => g.type).join(', ')}): skipping it passes its gates unjudged`;
  }
  const approval = def.gates.find((g) => g.type === 'approval');
  if (approval === undefined) return undefined;
  const result = d.step(i).gates?.find((g) => g.type === 'approval');
  if (result?.passed === true) return undefined;
  return `waits for an approval (${approval.permission}): skipping it leaves that approval behind`;
}
