import {
  err,
  LIVE_STATUS_LIST,
  ok,
  type PatrolAction,
  parseDuration,
  type Result,
} from '../../engine/index.js';
import { removeMoleculeWork } from '../../local/local-effects.js';
import { carryOutLocally } from '../../shell/carry-out-locally.js';
import { changeMolecule } from '../../shell/change-molecule.js';
import { type PatrolOutcome, patrolRound } from '../../shell/patrol-round.js';
import { unattendedSteps } from '../../shell/step/agent-command.js';
import type { CliContext } from '../cli-context.js';
import { endPreviousAttempt } from '../end-previous-attempt.js';
import { execute } from '../executor.js';
import { EXIT, progressOutput } from '../io.js';
import { loadProto } from '../load-molecule.js';
import { isRunGone } from '../local-run.js';
import { json, STORE } from '../options.js';
import { printJson } from '../print-json.js';
import { judgeTimers } from '../recheck-timers.js';
import { releaseStaleLock, surveyLocks } from '../survey-locks.js';
import { contextFor, failWith } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';

export const patrol = defineVerb({
  name: 'patrol',
  summary: 'find stuck molecules: nudge, time out, recover, evaporate wisps',
  args: [],
  options: [
    {
      name: 'nudge-after',
      value: 'duration',
      meaning: 'nudge a step in progress this long (default 30m)',
    },
    {
      name: 'timeout',
      value: 'duration',
      meaning: 'fail steps in progress this long when they set no timeout of their own',
    },
    json('what patrol found and did'),
    STORE,
  ],
  examples: ['mol patrol --timeout 2h'],
  run: patrolCommand,
});

/** What patrol did: the engine's actions, plus `timer` for due timer gates it recorded. */
interface Applied {
  type: PatrolAction['type'] | 'timer';
  molId: string;
  step?: string;
  applied: boolean;
  detail: string;
}

/**
 * The shell's patrol round over the local store: nudges printed,
 * steps past their timeout failed (so retries apply), steps of dead local runs and expired leases
 * back to ready once the process group of their previous attempt has ended (patrol ends it) (`mol resume` runs them), expired wisps evaporated, stale locks released, due timer
 * gates recorded. Nothing stuck, nothing changed.
 */
async function patrolCommand(call: VerbCall): Promise<number> {
  const { io, values } = call;
  const nudgeAfter = (values['nudge-after'] as string | undefined) ?? '30m';
  const nudgeAfterMs = parseDuration(nudgeAfter);
  if (nudgeAfterMs === undefined)
    return call.usageError(`--nudge-after takes a duration like 30m, got "${nudgeAfter}"`);
  const timeout = values.timeout as string | undefined;
  const defaultTimeoutMs = timeout === undefined ? undefined : parseDuration(timeout);
  if (timeout !== undefined && defaultTimeoutMs === undefined)
    return call.usageError(`--timeout takes a duration like 2h, got "${timeout}"`);
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const { store } = ctx.value;
  // `--json` or `--json=a,b`: stdout carries the JSON only.
  const quiet = values.json !== undefined && values.json !== false;
  const carrier = { ...ctx.value, io: quiet ? { ...io, out: () => {} } : io };
  // What was ready before the round: a step a timer gate makes ready runs now, the others are left.
  const readyBefore = new Map<string, Set<string>>();

  const round = await patrolRound(
    {
      survey: async () => {
        const scanned = await store.scan({ status: [...LIVE_STATUS_LIST] });
        if (!scanned.ok) return { molecules: [], problems: [scanned.error.message] };
        for (const mol of scanned.value.molecules)
          readyBefore.set(mol.id, new Set(mol.steps.filter((s) => s.status === 'ready').map((s) => s.id)));
        return { molecules: scanned.value.molecules, problems: scanned.value.problems.map((p) => p.message) };
      },
      protoOf: (mol) => loadProto(ctx.value.repoDir, mol),
      thresholds: { nudgeAfterMs, ...(defaultTimeoutMs === undefined ? {} : { defaultTimeoutMs }) },
      liveRuns: async (molecules) => {
        const runIds = molecules.flatMap(({ mol }) => mol.steps.map((s) => s.lease?.runId));
        return new Set(runIds.filter((id): id is string => id !== undefined && !isRunGone(id)));
      },
      locks: () => surveyLocks(store.dir),
      releaseLock: async (molId) => {
        const released = await releaseStaleLock(store.dir, molId);
        return released.ok && released.value;
      },
      write: async ({ mol, proto }, planned, action) => {
        let event = planned;
        if (planned.type === 'release' || planned.type === 'timeout') {
          // Never two live attempts: the attempt in progress ends before its step can be ready again.
          const step = mol.steps.find((s) => s.id === planned.step);
          const previous = step === undefined ? { kind: 'over' as const } : await endPreviousAttempt(step);
          if (previous.kind === 'elsewhere')
            return err('attempt-alive', `its previous attempt runs on ${previous.host}; left to that host`);
          if (planned.type === 'release') event = { ...planned, processEnded: true };
        }
        const applied = await changeMolecule(store, proto, mol.id, event, io.now());
        if (!applied.ok) return applied;
        const carried = await carryOutLocally(carrier, applied.value.mol, proto, applied.value.effects);
        if (!carried.ok) return carried;
        if (action?.type === 'evaporate') await removeMoleculeWork(ctx.value, mol.id);
        const changed = applied.value.changed;
        return ok({ mol: carried.value, changed, problems: [] });
      },
      judgeGates: async ({ proto }, step) => judgeTimers(ctx.value, proto, step),
    },
    io.now(),
  );
  for (const problem of round.problems) io.err(`mol: ${problem}`);
  const results = round.outcomes.map((outcome): Applied => {
    const applied = outcome.status !== 'failed';
    return {
      type: outcome.type === 'gates' ? 'timer' : outcome.type,
      molId: outcome.molId,
      ...(outcome.step === undefined ? {} : { step: outcome.step }),
      applied,
      detail: applied ? describe(outcome) : (outcome.error ?? 'failed'),
    };
  });

  const surveyed = round.surveyed;
  let code: number = EXIT.ok;
  if (quiet) code = printJson(io, values.json, { at: round.now.toISOString(), surveyed, actions: results });
  else if (results.length === 0) {
    io.out(`patrol: ${surveyed} active molecule${surveyed === 1 ? '' : 's'}, nothing is stuck`);
  } else {
    for (const r of results)
      io.out(
        `${mark(r.applied, io.style.symbols)}${r.type} ${r.molId}${r.step ? `/${r.step}` : ''}: ${r.detail}`,
      );
  }
  const ran = await runWhatTimersReadied(ctx.value, round.outcomes, readyBefore);
  if (!ran.ok) return failWith(io, ran.error);
  return code;
}

/**
 * A due timer gate is the one thing patrol records that nobody else will follow up on: nothing
 * wakes a local molecule when its time is up. So the steps it made ready run here, as `mol resume`
 * would run them; steps that were ready already are left as they were.
 */
async function runWhatTimersReadied(
  ctx: CliContext,
  outcomes: readonly PatrolOutcome[],
  readyBefore: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<Result<void>> {
  for (const outcome of outcomes) {
    if (outcome.type !== 'gates' || outcome.status !== 'done' || outcome.mol === undefined) continue;
    const loaded = await ctx.store.load(outcome.molId);
    if (!loaded.ok) return loaded;
    const mol = loaded.value;
    if (mol === undefined) continue;
    const proto = await loadProto(ctx.repoDir, mol);
    if (!proto.ok) return proto;
    const leave = readyBefore.get(mol.id) ?? new Set<string>();
    const runnable = unattendedSteps(proto.value);
    if (!mol.steps.some((s) => s.status === 'ready' && runnable.has(s.id) && !leave.has(s.id))) continue;
    // Progress, as every verb that runs steps prints it: on stderr, so stdout stays patrol's report.
    const ran = await execute(ctx, mol, proto.value, { ...progressOutput(ctx.io), leave });
    if (!ran.ok) return ran;
  }
  return ok(undefined);
}

function describe(outcome: PatrolOutcome): string {
  const { mol } = outcome;
  const step = mol?.steps.find((s) => s.id === outcome.step);
  switch (outcome.type) {
    case 'nudge':
      return 'nudged';
    case 'timeout':
      return `timed out; now ${step?.status.replace('_', ' ')}`;
    case 'redispatch':
    case 'expire-lease':
      return `its runner is gone; back to ready (mol resume ${outcome.molId})`;
    case 'redispatch-ready':
      return 'ready but never started; dispatched again';
    case 'redeliver':
      return 'its work was delivered again (the delivery it was due never happened)';
    case 'evaporate':
      return 'the wisp evaporated';
    case 'release-lock':
      return 'stale lock released';
    case 'gates':
      return 'timer gates that came due were recorded';
  }
}

/** `• ` or `✗ ` on a terminal; piped, words only (`not done: ` for an action that was not applied). */
function mark(applied: boolean, symbols: boolean): string {
  if (symbols) return applied ? '• ' : '✗ ';
  return applied ? '' : 'not done: ';
}
