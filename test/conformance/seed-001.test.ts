/**
 * Seed 001 (Tideate Checklist 2, the workflow FSM) played on the built-in `gated-task` formula,
 * parsed and cooked from formulas/gated-task.formula.toml: the seed's states are read off the
 * molecule (which step is active), its events are molecule events.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cook } from '../../src/engine/cook/cook.js';
import type { Proto } from '../../src/engine/cook/proto.js';
import { parseFormula } from '../../src/engine/formula/parse-formula.js';
import { deserializeMolecule, serializeMolecule } from '../../src/engine/molecule/machine/serialize.js';
import type { GateResult, Molecule } from '../../src/engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../../src/engine/molecule/ops/events.js';
import { transition } from '../../src/engine/molecule/ops/transition.js';
import { apply, at, effectsOf, MIN, pourMol, statuses, stepOf } from '../helpers/engine-fixtures.js';

function gatedTask(): Proto {
  const file = 'formulas/gated-task.formula.toml';
  const parsed = parseFormula(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'), file);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const cooked = cook(parsed.value, { vars: { task: 'add a login page' } });
  if (!cooked.ok) throw new Error(cooked.error.message);
  return cooked.value.proto;
}

const proto = gatedTask();
const STAGE: Record<string, string> = {
  plan: 'PLANNING',
  'plan-gate': 'AWAITING_PLAN_GATE',
  audit: 'AUDITING',
  'audit-gate': 'AWAITING_AUDIT_GATE',
  execute: 'EXECUTING',
  'execute-gate': 'AWAITING_EXECUTION_GATE',
  document: 'DOCUMENTING',
  'document-gate': 'AWAITING_DOCUMENTATION_GATE',
  verify: 'VERIFYING',
  'self-correct': 'SELF_CORRECTING',
};

/** The seed's WorkflowState, read off the molecule. */
function seedState(mol: Molecule): string {
  if (mol.status === 'complete') return 'COMPLETE';
  if (mol.status === 'failed') return 'FAILED';
  if (mol.status === 'pending') return 'IDLE';
  const active = mol.steps.filter((s) => ['ready', 'in_progress', 'awaiting_gate'].includes(s.status));
  return active.map((s) => STAGE[s.id] ?? s.id).join('+');
}

const pass = (type: string): GateResult[] => [{ type, passed: true, detail: `${type} passed` }];
const failGate = (type: string, detail: string): GateResult[] => [{ type, passed: false, detail }];

/**
 * A stage's work (start, complete) or a gate's results: a gate step has no work, so it waits for
 * its gates as soon as the stage before it completes, and only their results move it.
 */
const work = (step: string): MoleculeEvent[] => [
  { type: 'start', step },
  { type: 'complete', step },
];
const gate = (step: string, gates: GateResult[]): MoleculeEvent[] => [{ type: 'gates', step, gates }];
/** A stage with work and a gate of its own (self-correct): its work, then the results. */
const checked = (step: string, gates: GateResult[]): MoleculeEvent[] => [
  { type: 'start', step },
  { type: 'complete', step, gates },
];

function play(mol: Molecule, events: MoleculeEvent[], seen: string[] = []): Molecule {
  let t = 0;
  return events.reduce((m, e) => {
    const next = apply(proto, m, e, at(++t * MIN)).mol;
    const state = seedState(next);
    if (seen.at(-1) !== state) seen.push(state);
    return next;
  }, mol);
}

const throughDocumentation: MoleculeEvent[] = [
  ...work('plan'),
  ...gate('plan-gate', pass('command')),
  ...work('audit'),
  ...gate('audit-gate', pass('command')),
  ...work('execute'),
  ...gate('execute-gate', pass('command')),
  ...work('document'),
  ...gate('document-gate', pass('files')),
];

describe('seed 001: the gated workflow on the step machines', () => {
  it('starts IDLE and walks the valid path through all five gated stages to COMPLETE', () => {
    const seen: string[] = [];
    const poured = pourMol(proto, { title: 'Add a login page' }).mol;
    expect(seedState(poured)).toBe('IDLE');
    const done = play(poured, [...throughDocumentation, ...work('verify')], seen);
    expect(seen).toEqual([
      'PLANNING',
      'AWAITING_PLAN_GATE',
      'AUDITING',
      'AWAITING_AUDIT_GATE',
      'EXECUTING',
      'AWAITING_EXECUTION_GATE',
      'DOCUMENTING',
      'AWAITING_DOCUMENTATION_GATE',
      'VERIFYING',
      'COMPLETE',
    ]);
    expect(statuses(done)['self-correct']).toBe('skipped');
    // Every transition is in the history with its time.
    const stepEntries = done.history.filter((h) => h.step !== undefined);
    expect(
      stepEntries.every((h) => typeof h.at === 'string' && h.from !== undefined && h.to !== undefined),
    ).toBe(true);
    expect(done.history.filter((h) => h.event === 'start').map((h) => h.step)).toContain('verify');
  });

  it('a gate waits for its results (AWAITING_*_GATE) as soon as its stage is done, and a face is asked to check', () => {
    const planning = play(pourMol(proto).mol, [{ type: 'start', step: 'plan' }]);
    const { mol: waiting, effects } = apply(proto, planning, { type: 'complete', step: 'plan' });
    expect(seedState(waiting)).toBe('AWAITING_PLAN_GATE');
    expect(stepOf(waiting, 'plan-gate').status).toBe('awaiting_gate');
    expect(effectsOf(effects, 'evaluate-gates')).toEqual([
      { type: 'evaluate-gates', step: 'plan-gate', gates: proto.steps[1]?.gates },
    ]);
    expect(effectsOf(effects, 'dispatch')).toEqual([]);
    const passed = apply(proto, waiting, { type: 'gates', step: 'plan-gate', gates: pass('command') }).mol;
    expect(seedState(passed)).toBe('AUDITING');
  });

  it('AUDIT_GATE_FAILED goes back to PLANNING (re-planning), and the plan runs again', () => {
    const seen: string[] = [];
    const upToAudit = play(pourMol(proto).mol, [
      ...work('plan'),
      ...gate('plan-gate', pass('command')),
      ...work('audit'),
    ]);
    const replanning = play(upToAudit, gate('audit-gate', failGate('command', 'Approval: rejected')), seen);
    expect(seen.at(-1)).toBe('PLANNING');
    expect(statuses(replanning)).toMatchObject({
      plan: 'ready',
      'plan-gate': 'pending',
      audit: 'pending',
      'audit-gate': 'pending',
    });
    expect(stepOf(replanning, 'plan')).toMatchObject({ loops: 1, attempts: 0 });
    expect(stepOf(replanning, 'audit-gate').error).toBe('gate command failed: Approval: rejected');
    const approved = play(replanning, [
      ...work('plan'),
      ...gate('plan-gate', pass('command')),
      ...work('audit'),
      ...gate('audit-gate', pass('command')),
    ]);
    expect(seedState(approved)).toBe('EXECUTING');
  });

  it('VERIFICATION_FAILED → SELF_CORRECTING; CORRECTION_SUCCEEDED → COMPLETE', () => {
    const seen: string[] = [];
    const documented = play(pourMol(proto).mol, throughDocumentation);
    const done = play(
      documented,
      [
        { type: 'start', step: 'verify' },
        { type: 'fail', step: 'verify', error: '2 tests failed' },
        ...checked('self-correct', pass('command')),
      ],
      seen,
    );
    expect(seen).toEqual(['VERIFYING', 'SELF_CORRECTING', 'COMPLETE']);
    expect(statuses(done)).toMatchObject({ verify: 'failed', 'self-correct': 'completed' });
  });

  it('a correction whose checks still fail verifies afresh; after max_loops (3) CORRECTION_EXHAUSTED → FAILED', () => {
    let mol = play(pourMol(proto).mol, throughDocumentation);
    const correctionFails: MoleculeEvent[] = [
      { type: 'start', step: 'verify' },
      { type: 'fail', step: 'verify', error: 'tests fail' },
      ...checked('self-correct', failGate('command', 'tests still fail')),
    ];
    for (let loop = 1; loop <= 3; loop++) {
      const seen: string[] = [];
      mol = play(mol, correctionFails, seen);
      expect(seen).toEqual(['VERIFYING', 'SELF_CORRECTING', 'VERIFYING']);
      expect(stepOf(mol, 'verify').loops).toBe(loop);
    }
    mol = play(mol, correctionFails);
    expect(seedState(mol)).toBe('FAILED');
    expect(statuses(mol)).toMatchObject({ verify: 'failed', 'self-correct': 'failed' });
    expect(mol.history.find((h) => h.event === 'settle')?.note).toMatch(/^step "verify" failed: tests fail/);
  });

  it('a gate cannot be skipped: starting a later stage before its gate passed is refused and changes nothing', () => {
    const mol = play(pourMol(proto).mol, work('plan'));
    const snapshot = serializeMolecule(mol);
    for (const step of ['audit', 'execute', 'verify']) {
      const result = transition(proto, mol, { type: 'start', step }, at(99 * MIN));
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-transition' } });
    }
    expect(transition(proto, mol, { type: 'start', step: 'audit' }, at(99 * MIN))).toMatchObject({
      ok: false,
      error: {
        message: 'step "audit" is pending; it cannot be started (it needs "plan-gate" (awaiting gate))',
      },
    });
    expect(transition(proto, mol, { type: 'complete', step: 'execute' }, at(99 * MIN)).ok).toBe(false);
    expect(serializeMolecule(mol)).toBe(snapshot);
  });

  it('reset only from a terminal state (back to IDLE); forceReset from any state, with a warning', () => {
    const running = play(pourMol(proto).mol, work('plan'));
    expect(transition(proto, running, { type: 'reset' }, at(50 * MIN))).toMatchObject({
      ok: false,
      error: { code: 'invalid-transition' },
    });
    const done = play(pourMol(proto).mol, [...throughDocumentation, ...work('verify')]);
    const reset = apply(proto, done, { type: 'reset', by: 'alice' }, at(60 * MIN));
    expect(seedState(reset.mol)).toBe('IDLE');
    expect(effectsOf(reset.effects, 'notice')).toEqual([]);
    const forced = apply(proto, running, { type: 'force-reset', by: 'admin' }, at(60 * MIN));
    expect(seedState(forced.mol)).toBe('IDLE');
    expect(effectsOf(forced.effects, 'notice')).toEqual([
      {
        type: 'notice',
        level: 'warning',
        message:
          'molecule "m1" was force-reset from in progress by admin; work in progress on "plan-gate" was abandoned',
      },
    ]);
    expect(forced.mol.history).toHaveLength(2);
    expect(forced.mol.history[0]?.note).toMatch(/^archived \d+ transitions/);
  });

  it('serializes and deserializes mid-flight, and reports invalid data with a descriptive error', () => {
    const mol = play(pourMol(proto).mol, work('plan'));
    const back = deserializeMolecule(serializeMolecule(mol));
    expect(back).toEqual({ ok: true, value: mol });
    if (!back.ok) return;
    // The restored molecule carries on exactly as the original would.
    const next = apply(proto, back.value, { type: 'gates', step: 'plan-gate', gates: pass('command') }).mol;
    expect(seedState(next)).toBe('AUDITING');
    const broken = JSON.parse(serializeMolecule(mol));
    broken.status = 'PLANNING';
    const result = deserializeMolecule(JSON.stringify(broken));
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-state',
        message:
          'molecule state: status must be one of pending, in_progress, paused, complete, failed, squashed, burned, got "PLANNING"',
      },
    });
  });
});
