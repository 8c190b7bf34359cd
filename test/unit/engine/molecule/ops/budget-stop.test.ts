import { describe, expect, it } from 'vitest';
import { apply, makeProto, pourMol, protoStep, run, T0 } from '../../../../helpers/engine-fixtures.js';

const proto = makeProto([protoStep('a', [], { agent: 'claude', maxRetries: 0 }), protoStep('b', ['a'])], {
  budget: { usd: 1 },
});
const started = () => run(proto, pourMol(proto).mol, [{ type: 'start', step: 'a' }]);
const stop = {
  type: 'fail' as const,
  step: 'a',
  error: "the molecule's usd budget is spent: $1.2 of $1",
  reason: 'budget' as const,
  usage: { cost_usd: 1.2, turns: 4 },
};

describe('a budget stop', () => {
  it('records the usage, sends the step back to ready without spending a retry, and pauses the molecule', () => {
    const { mol, effects } = apply(proto, started(), stop);
    expect(mol.status).toBe('paused');
    expect(mol.budgetStop).toEqual({ step: 'a', message: stop.error });
    const a = mol.steps[0];
    expect(a).toMatchObject({
      status: 'ready',
      attempts: 1,
      usage: { cost_usd: 1.2, turns: 4 },
      error: stop.error,
    });
    expect(effects.some((e) => e.type === 'dispatch')).toBe(false);
  });

  it('stays paused when a raise does not lift the limit that stopped it', () => {
    const stopped = apply(proto, started(), stop).mol;
    const { mol, effects } = apply(proto, stopped, { type: 'budget', budget: { usd: 1.1 }, by: 'ann' });
    expect(mol.status).toBe('paused');
    expect(mol.budget).toEqual({ usd: 1.1 });
    expect(effects).toContainEqual(
      expect.objectContaining({ type: 'notice', message: expect.stringContaining('still paused') }),
    );
  });

  it('goes on, the ready step dispatched again, once the limit is raised past what was spent', () => {
    const stopped = apply(proto, started(), stop).mol;
    const { mol, effects } = apply(proto, stopped, { type: 'budget', budget: { usd: 3 }, by: 'ann' });
    expect(mol.status).toBe('in_progress');
    expect(mol.budgetStop).toBeUndefined();
    expect('budgetStop' in mol).toBe(false);
    expect(effects).toContainEqual(expect.objectContaining({ type: 'dispatch', step: 'a' }));
    // The next attempt's usage adds to the first's: retries count against the same budget.
    const done = run(proto, mol, [
      { type: 'start', step: 'a' },
      { type: 'complete', step: 'a', usage: { cost_usd: 0.5, turns: 2 } },
    ]);
    expect(done.steps[0]).toMatchObject({
      status: 'completed',
      attempts: 2,
      usage: { cost_usd: 1.7, turns: 6 },
    });
    expect(done.history.filter((h) => h.event === 'budget')).toHaveLength(2);
  });

  it("a step's raise lands on the step", () => {
    const stepProto = makeProto([protoStep('a', [], { agent: 'x', budget: { turns: 2 } })]);
    const m = run(stepProto, pourMol(stepProto).mol, [
      { type: 'start', step: 'a' },
      { type: 'fail', step: 'a', error: 'turns', reason: 'budget', usage: { turns: 2 } },
    ]);
    const raised = apply(
      stepProto,
      m,
      { type: 'budget', step: 'a', budget: { turns: 5 }, by: 'ann' },
      T0,
    ).mol;
    expect(raised.steps[0]?.budget).toEqual({ turns: 5 });
    expect(raised.status).toBe('in_progress');
  });
});
