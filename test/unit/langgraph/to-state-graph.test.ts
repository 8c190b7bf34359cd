/**
 * toStateGraph with the real @langchain/langgraph: the graph's shape (the inspector formula's
 * fork-join), and, with a manager over an in-memory store, what the molecule records and decides
 * (retries, soft failures, skipped steps, steps completed before).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cook,
  createMoleculeManager,
  MolecularError,
  type Molecule,
  ok,
  type Proto,
  type ProtoStep,
  parseFormula,
  pour,
  unwrap,
} from '../../../src/index.js';
import { toStateGraph } from '../../../src/langgraph/index.js';
import { T0 } from '../../helpers/engine-fixtures.js';
import { MemoryStore } from '../../helpers/memory-store.js';

const INSPECTOR = join(import.meta.dirname, '../../../formulas/mol-inspector-verify.formula.toml');

function cookText(text: string, file = 'test.formula.toml'): Proto {
  return unwrap(cook(unwrap(parseFormula(text, file)))).proto;
}

const inspector = () => cookText(readFileSync(INSPECTOR, 'utf8'), INSPECTOR);

/** A journal of starts and ends, in the order they happened. */
function journal() {
  const events: string[] = [];
  return {
    events,
    starts: (id: string) => events.filter((e) => e === `start ${id}`).length,
    at: (event: string) => {
      const i = events.indexOf(event);
      if (i < 0) throw new Error(`"${event}" never happened: ${events.join(', ')}`);
      return i;
    },
  };
}

/** Resolves once `n` parties have arrived: proves parties ran at the same time (a sequence would never get past it). */
function barrier(n: number) {
  let arrived = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    arrived++;
    if (arrived === n) open();
    await opened;
  };
}

async function pourInto(store: MemoryStore, proto: Proto, id = 'mol-lg'): Promise<Molecule> {
  const { mol } = unwrap(
    pour(proto, { id, now: T0, vars: {}, formula: { name: proto.formula, source: 'builtin@1' } }),
  );
  return unwrap(await store.create(mol));
}

function managerFor(store: MemoryStore, proto: Proto) {
  return createMoleculeManager(store, { now: () => T0, resolveProto: () => ok(proto) });
}

const stepOf = (mol: Molecule | undefined, id: string) => mol?.steps.find((s) => s.id === id);

describe('toStateGraph', () => {
  it('runs the inspector formula: advocate and criticize side by side after audit, judge once after both', async () => {
    const log = journal();
    const bothArgue = barrier(2);
    const graph = toStateGraph(inspector(), {
      runStep: async (step: ProtoStep) => {
        log.events.push(`start ${step.id}`);
        if (step.id === 'advocate' || step.id === 'criticize') await bothArgue();
        log.events.push(`end ${step.id}`);
        return `${step.id} done`;
      },
    });
    const final = await graph.compile().invoke({});

    const ids = ['elaborate', 'strategize', 'verify', 'audit', 'advocate', 'criticize', 'judge'];
    for (const id of ids) expect(log.starts(id), id).toBe(1);
    for (const arguer of ['advocate', 'criticize']) {
      expect(log.at(`start ${arguer}`)).toBeGreaterThan(log.at('end audit'));
      expect(log.at('start judge')).toBeGreaterThan(log.at(`end ${arguer}`));
    }
    expect(final.completed_steps.slice(0, 4)).toEqual(['elaborate', 'strategize', 'verify', 'audit']);
    expect(final.completed_steps.slice(4, 6).sort()).toEqual(['advocate', 'criticize']);
    expect(final.completed_steps[6]).toBe('judge');
    expect(final.step_outputs).toEqual(Object.fromEntries(ids.map((id) => [id, `${id} done`])));
    expect(final.mol_id).toBe('');
  });

  it('gives runStep the state so far: the judge sees both cases', async () => {
    let seen: Record<string, unknown> = {};
    const graph = toStateGraph(inspector(), {
      runStep: (step, state) => {
        if (step.id === 'judge') seen = state.step_outputs;
        return step.id.toUpperCase();
      },
    });
    await graph.compile().invoke({});
    expect(seen).toMatchObject({ advocate: 'ADVOCATE', criticize: 'CRITICIZE', audit: 'AUDIT' });
    expect(seen).not.toHaveProperty('judge');
  });

  it('refuses to build a graph without runStep, saying what it needs', () => {
    const options = {} as Parameters<typeof toStateGraph>[1];
    expect(() => toStateGraph(inspector(), options)).toThrow(
      new MolecularError({
        code: 'missing-argument',
        message: "toStateGraph needs { runStep }: the function that does a step's work",
      }),
    );
  });

  it('refuses a step id LangGraph cannot take as a node name, in one line naming the step', () => {
    for (const [id, why] of [
      ['ns|build', 'reserves "|" and ":"'],
      ['step_outputs', 'the graph state has a key of that name'],
      ['__start__', 'LangGraph reserves that name'],
    ]) {
      const proto = cookText(`formula = "x"\n[[steps]]\nid = "${id}"\ntitle = "T"\n`);
      let thrown: unknown;
      try {
        toStateGraph(proto, { runStep: () => undefined });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(MolecularError);
      expect((thrown as MolecularError).code).toBe('invalid-id');
      expect((thrown as Error).message).toContain(`step "${id}" cannot be a LangGraph node`);
      expect((thrown as Error).message).toContain(why);
      expect((thrown as Error).message).not.toContain('\n');
    }
  });
});

describe('toStateGraph with a manager', () => {
  it('records each step: started, completed with its output as the checkpoint, the molecule complete', async () => {
    const store = new MemoryStore();
    const proto = inspector();
    await pourInto(store, proto);
    const manager = managerFor(store, proto);
    const graph = toStateGraph(proto, {
      runStep: (step) => `${step.id} output`,
      manager,
      moleculeId: 'mol-lg',
    });
    const final = await graph.compile().invoke({});

    expect(final.mol_id).toBe('mol-lg');
    const mol = await manager.loadMolecule('mol-lg');
    expect(mol?.status).toBe('complete');
    for (const step of proto.steps) {
      expect(stepOf(mol, step.id)).toMatchObject({
        status: 'completed',
        attempts: 1,
        checkpoint: { notes: `${step.id} output`, testsPassed: true },
      });
      const events = mol?.history.filter((h) => h.step === step.id).map((h) => [h.event, h.to, h.by]);
      expect(events).toContainEqual(['start', 'in_progress', 'langgraph']);
      expect(events).toContainEqual(['complete', 'completed', 'langgraph']);
    }
    // The molecule's completion order and the graph's agree wherever the formula orders steps.
    const completions = (mol?.history ?? []).filter((h) => h.to === 'completed').map((h) => h.step);
    expect(completions.slice(0, 4)).toEqual(final.completed_steps.slice(0, 4));
    expect(completions[6]).toBe('judge');
  });

  it('records in the molecule the invoke names, and says so when there is none', async () => {
    const store = new MemoryStore();
    const proto = cookText('formula = "one"\n[[steps]]\nid = "only"\ntitle = "Only"\n');
    await pourInto(store, proto, 'mol-given');
    const graph = toStateGraph(proto, { runStep: () => 'x', manager: managerFor(store, proto), by: 'ada' });
    await expect(graph.compile().invoke({})).rejects.toThrow(
      /give toStateGraph a moleculeId, or invoke the graph with \{ mol_id \}/,
    );
    const final = await graph.compile().invoke({ mol_id: 'mol-given' });
    expect(final.completed_steps).toEqual(['only']);
    const mol = unwrap(await store.load('mol-given'));
    expect(stepOf(mol, 'only')?.status).toBe('completed');
    const recorded = mol?.history.filter((h) => h.step === 'only' && ['start', 'complete'].includes(h.event));
    expect(recorded?.map((h) => [h.event, h.by])).toEqual([
      ['start', 'ada'],
      ['complete', 'ada'],
    ]);
  });

  it('runs no step the molecule already completed, and restores its output from the checkpoint', async () => {
    const store = new MemoryStore();
    const proto = inspector();
    await pourInto(store, proto);
    const manager = managerFor(store, proto);
    for (const id of ['elaborate', 'strategize']) {
      await manager.startStep('mol-lg', id);
      await manager.completeStep('mol-lg', id, {
        filesModified: [],
        testsPassed: true,
        notes: `${id} by hand`,
      });
    }
    const ran: string[] = [];
    const graph = toStateGraph(proto, {
      runStep: (step) => {
        ran.push(step.id);
        return `${step.id} output`;
      },
      manager,
      moleculeId: 'mol-lg',
    });
    const final = await graph.compile().invoke({});
    expect(ran).not.toContain('elaborate');
    expect(ran).not.toContain('strategize');
    expect(ran).toHaveLength(5);
    expect(final.step_outputs).toMatchObject({ elaborate: 'elaborate by hand', verify: 'verify output' });
    expect(final.completed_steps).toHaveLength(7);
    expect((await manager.loadMolecule('mol-lg'))?.status).toBe('complete');
  });

  it("a runStep that throws fails the step; the molecule's retries run it again, then fail it for good", async () => {
    const store = new MemoryStore();
    const proto = cookText(
      [
        'formula = "flaky"',
        '[[steps]]\nid = "first"\ntitle = "First"\nmax_retries = 2',
        '[[steps]]\nid = "second"\ntitle = "Second"\nneeds = ["first"]\nmax_retries = 1',
        '[[steps]]\nid = "third"\ntitle = "Third"\nneeds = ["second"]',
      ].join('\n'),
    );
    await pourInto(store, proto);
    const manager = managerFor(store, proto);
    const tries: Record<string, number> = {};
    const graph = toStateGraph(proto, {
      manager,
      moleculeId: 'mol-lg',
      runStep: (step) => {
        tries[step.id] = (tries[step.id] ?? 0) + 1;
        if (step.id === 'first' && tries.first === 1) throw new Error('first flaked');
        if (step.id === 'second') throw new Error(`second broke (${tries.second})`);
        return 'fine';
      },
    });
    await expect(graph.compile().invoke({})).rejects.toThrow('second broke (2)');
    expect(tries).toEqual({ first: 2, second: 2 });
    const mol = await manager.loadMolecule('mol-lg');
    expect(stepOf(mol, 'first')).toMatchObject({ status: 'completed', attempts: 2 });
    expect(stepOf(mol, 'second')).toMatchObject({ status: 'failed', attempts: 2, error: 'second broke (2)' });
    expect(stepOf(mol, 'third')?.status).toBe('blocked');
    expect(mol?.status).toBe('failed');
    const firstFail = mol?.history.find((h) => h.step === 'first' && h.event === 'fail');
    expect(firstFail?.note).toBe('first flaked');

    // Invoked again, the graph skips what completed and stops at the failed step with what to do.
    await expect(graph.compile().invoke({})).rejects.toThrow(
      'step "second" of molecule "mol-lg" failed for good (second broke (2)): `mol retry mol-lg second`, then invoke the graph again',
    );
    expect(tries).toEqual({ first: 2, second: 2 });
  });

  it('a step whose transient failures spend its attempts fails softly: what needs it runs; a step whose condition is false is not run', async () => {
    const store = new MemoryStore();
    const proto = cookText(
      [
        'formula = "soft"',
        '[vars.env]\ndefault = "dev"',
        '[[steps]]\nid = "review"\ntitle = "Review"\nretry = { max_attempts = 1, on_exhausted = "soft_fail" }',
        `[[steps]]\nid = "deploy"\ntitle = "Deploy"\nneeds = ["review"]\ncondition = "{{env}} == 'prod'"`,
        '[[steps]]\nid = "land"\ntitle = "Land"\nneeds = ["review", "deploy"]',
      ].join('\n'),
    );
    const { mol } = unwrap(
      pour(proto, {
        id: 'mol-lg',
        now: T0,
        vars: { env: 'dev' },
        formula: { name: 'soft', source: 'builtin@1' },
      }),
    );
    unwrap(await store.create(mol));
    const manager = managerFor(store, proto);
    const ran: string[] = [];
    const graph = toStateGraph(proto, {
      manager,
      moleculeId: 'mol-lg',
      runStep: (step) => {
        ran.push(step.id);
        // Under [steps.retry] only a transient failure counts toward on_exhausted (Gas City's classes).
        if (step.id === 'review') throw Object.assign(new Error('reviewer away'), { transient: true });
        return 'landed';
      },
    });
    const final = await graph.compile().invoke({});
    expect(ran).toEqual(['review', 'land']);
    expect(final.completed_steps).toEqual(['land']);
    const after = await manager.loadMolecule('mol-lg');
    // soft_fail closes the step as passed, its history saying it soft-failed.
    expect(stepOf(after, 'review')?.status).toBe('completed');
    expect(stepOf(after, 'deploy')?.status).toBe('skipped');
    expect(after?.status).toBe('complete');
  });
});
