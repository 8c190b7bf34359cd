/**
 * MoleculeManager: the API of seed 000 (createMolecule, advanceMolecule, startStep, completeStep,
 * failStep, loadMolecule, resumeMolecule, getMoleculeProgress) over any MoleculeStore. Every
 * change goes through the shell's one write path (`changeMolecule`: the pure transition under the
 * store's lock), so two writers never lose each other's work, and each method acts on the stored molecule by id: a stale object passed in (the
 * seed's habit of reusing one variable) still does the right thing.
 *
 * As in the seed, methods are async and throw (a MolecularError with a code and a sentence)
 * instead of returning Results; they return the molecule as stored after the change. Effects go
 * to `onEffects`, the one place a face carries them out (and the seed's hooks hang off).
 */

import { randomBytes } from 'node:crypto';
import {
  adhocProto,
  type Checkpoint,
  DEFAULT_MAX_RETRIES,
  type Effect,
  err,
  type GateResult,
  type InlineFormula,
  MolecularError,
  type Molecule,
  type MoleculeEvent,
  type MoleculeStore,
  type Progress,
  type Proto,
  pour,
  progress,
  type Result,
  type StepStatus,
  unwrap,
  withDefaultRetries,
} from '../engine/index.js';
import { changeMolecule, NEEDS_PROTO } from './change-molecule.js';

export interface MoleculeManagerOptions {
  /** The clock (default: the wall clock). */
  now: () => Date;
  /** Molecule ids (default: `mol-` and 8 random hex digits). */
  newId: () => string;
  /** Retries for steps that set none (DESIGN: 2). */
  defaultMaxRetries?: number;
  /** Record the checkpoints given to completeStep (default true). */
  captureCheckpoints?: boolean;
  /** The proto of a stored molecule; ad-hoc molecules (inline formula) need none. */
  resolveProto?: (mol: Molecule) => Result<Proto> | Promise<Result<Proto>>;
  /** Carry out what a change asks for (dispatch, labels, check runs, notices...). */
  onEffects?: (effects: Effect[], mol: Molecule) => void | Promise<void>;
}

export interface AdHocStep {
  id: string;
  title: string;
  dependsOn?: string[];
  description?: string;
  maxRetries?: number;
}

export interface MoleculeMetadata {
  createdBy?: string;
  /** Extra labels for the parent issue, next to `molecule:active`. */
  labels?: string[];
}

/** The seed's checkpoint shape: `gitCommit` is accepted for `commit`, `capturedAt` defaults to now. */
export interface CheckpointInput {
  filesModified: string[];
  testsPassed: boolean;
  notes: string;
  commit?: string;
  gitCommit?: string;
  capturedAt?: string;
  outputTail?: string;
}

/** A step as the seed's callers see it: definition and state together. */
export interface MoleculeStepView {
  id: string;
  title: string;
  description: string;
  dependsOn: string[];
  state: StepStatus;
  /** Earlier attempts that did not succeed. */
  retryCount: number;
  maxRetries: number;
  checkpoint?: Checkpoint;
}

export interface AdvanceResult {
  /** False once the molecule failed or is gone: nothing more will run. */
  success: boolean;
  molecule: Molecule;
  nextStep?: MoleculeStepView;
  readySteps: MoleculeStepView[];
  complete: boolean;
}

export interface ResumeResult extends AdvanceResult {
  /** Steps that were in progress without a live runner and are ready again. */
  resumed: string[];
}

type MoleculeRef = Molecule | string;

export interface MoleculeManager {
  createMolecule(
    parentIssueId: string,
    title: string,
    steps: AdHocStep[],
    metadata?: MoleculeMetadata,
  ): Promise<Molecule>;
  advanceMolecule(mol: MoleculeRef): Promise<AdvanceResult>;
  startStep(
    mol: MoleculeRef,
    stepId: string,
    opts?: { lease?: { holder: string; runId?: string; ttlMs: number }; by?: string },
  ): Promise<Molecule>;
  completeStep(
    mol: MoleculeRef,
    stepId: string,
    checkpoint?: CheckpointInput,
    opts?: {
      gates?: GateResult[];
      branch?: string;
      by?: string;
      /**
       * A step to start in the same write, once this one is complete: a runner going step by
       * step claims its next step with its report, one durable write per step instead of two.
       * Both happen or neither does (the step must be ready by then).
       */
      startNext?: string;
    },
  ): Promise<Molecule>;
  failStep(
    mol: MoleculeRef,
    stepId: string,
    error: string,
    /** `transient`: worth retrying under Gas City's `[steps.retry]`, where any other failure is hard. */
    opts?: { by?: string; transient?: boolean },
  ): Promise<Molecule>;
  loadMolecule(id: string): Promise<Molecule | undefined>;
  resumeMolecule(mol: MoleculeRef): Promise<ResumeResult>;
  getMoleculeProgress(mol: Molecule): Progress;
  /** Any other event (skip, retry, approve, rollback, pause, squash, burn, reset...); a list is one write, all or nothing. */
  apply(mol: MoleculeRef, event: MoleculeEvent | readonly MoleculeEvent[]): Promise<Molecule>;
}

export function createMoleculeManager(
  store: MoleculeStore,
  options: Partial<MoleculeManagerOptions> = {},
): MoleculeManager {
  const clock = options.now ?? (() => new Date());
  const newId = options.newId ?? (() => `mol-${randomBytes(4).toString('hex')}`);
  const defaultMaxRetries = options.defaultMaxRetries ?? DEFAULT_MAX_RETRIES;
  const capture = options.captureCheckpoints ?? true;

  // A molecule's formula is pinned, so its proto is cooked once per formula object: a store that
  // hands out the same state objects (the local store) then pays nothing per transition.
  const protos = new WeakMap<object, Proto>();

  /** The proto when it is known without I/O (cached, or the molecule's own inline formula). */
  function knownProto(mol: Molecule): Proto | undefined {
    const cached = protos.get(mol.formula);
    if (cached) return cached;
    const source = mol.formula.source;
    if (typeof source !== 'object' || !('inline' in source)) return undefined;
    const cooked = adhocProto(source.inline);
    if (!cooked.ok) return undefined;
    const proto = withDefaultRetries(cooked.value, defaultMaxRetries);
    protos.set(mol.formula, proto);
    return proto;
  }

  async function protoOf(mol: Molecule): Promise<Proto> {
    const known = knownProto(mol);
    if (known) return known;
    const proto = await resolveProto(mol);
    protos.set(mol.formula, proto);
    return proto;
  }

  async function resolveProto(mol: Molecule): Promise<Proto> {
    const source = mol.formula.source;
    const found =
      typeof source === 'object' && 'inline' in source
        ? adhocProto(source.inline)
        : options.resolveProto
          ? await options.resolveProto(mol)
          : err(
              'no-proto',
              `molecule "${mol.id}" uses formula "${mol.formula.name}"; give the manager a resolveProto to read it`,
            );
    return withDefaultRetries(unwrap(found), defaultMaxRetries);
  }

  async function current(ref: MoleculeRef): Promise<Molecule> {
    const id = typeof ref === 'string' ? ref : ref.id;
    const mol = unwrap(await store.load(id));
    if (!mol) throw new MolecularError({ code: 'not-found', message: `there is no molecule "${id}"` });
    return mol;
  }

  async function apply(ref: MoleculeRef, event: MoleculeEvent | readonly MoleculeEvent[]): Promise<Molecule> {
    const id = typeof ref === 'string' ? ref : ref.id;
    // One store round trip when the proto is known; a formula to read first costs a second one.
    const readFirst: { mol?: Molecule } = {};
    let change = await changeMolecule(store, knownProto, id, event, clock(), undefined, readFirst);
    if (!change.ok && change.error.code === NEEDS_PROTO && readFirst.mol) {
      const proto = await protoOf(readFirst.mol);
      change = await changeMolecule(store, proto, id, event, clock());
    }
    if (!change.ok && change.error.code === 'not-found')
      throw new MolecularError({ code: 'not-found', message: `there is no molecule "${id}"` });
    const { mol: stored, effects } = unwrap(change);
    await options.onEffects?.(effects, stored);
    return stored;
  }

  async function view(mol: Molecule): Promise<AdvanceResult> {
    const proto = await protoOf(mol);
    const defs = new Map(proto.steps.map((s) => [s.id, s]));
    const ready = mol.steps
      .filter((s) => s.status === 'ready')
      .map((s) => {
        const def = defs.get(s.id);
        return {
          id: s.id,
          title: def?.title ?? s.id,
          description: def?.description ?? '',
          dependsOn: def?.needs ?? [],
          state: s.status,
          retryCount: s.attempts,
          maxRetries: def?.maxRetries ?? defaultMaxRetries,
          ...(s.checkpoint ? { checkpoint: s.checkpoint } : {}),
        };
      });
    return {
      success: !['failed', 'squashed', 'burned'].includes(mol.status),
      molecule: mol,
      ...(ready[0] ? { nextStep: ready[0] } : {}),
      readySteps: ready,
      complete: mol.status === 'complete',
    };
  }

  return {
    async createMolecule(parentIssueId, title, steps, metadata = {}) {
      const inline: InlineFormula = {
        formula: 'adhoc',
        description: title,
        steps: steps.map((s) => ({
          id: s.id,
          title: s.title,
          ...(s.description === undefined ? {} : { description: s.description }),
          needs: s.dependsOn ?? [],
          max_retries: s.maxRetries ?? defaultMaxRetries,
        })),
      };
      const proto = unwrap(adhocProto(inline));
      const now = clock();
      const { mol, effects } = unwrap(
        pour(proto, {
          id: newId(),
          now,
          vars: { parent_issue: parentIssueId },
          formula: { name: inline.formula, source: { inline } },
          title,
          subject: /^[1-9]\d*$/.test(parentIssueId) ? { issue: Number(parentIssueId) } : {},
          ...(metadata.createdBy === undefined ? {} : { by: metadata.createdBy }),
        }),
      );
      const created = unwrap(await store.create(mol));
      const labelled = effects.map((e) =>
        e.type === 'labels' && metadata.labels ? { ...e, add: [...e.add, ...metadata.labels] } : e,
      );
      await options.onEffects?.(labelled, created);
      return created;
    },

    async advanceMolecule(ref) {
      return view(await current(ref));
    },

    startStep(ref, stepId, opts = {}) {
      return apply(ref, { type: 'start', step: stepId, ...opts });
    },

    completeStep(ref, stepId, checkpoint, opts = {}) {
      const recorded = capture && checkpoint ? toCheckpoint(checkpoint, clock()) : undefined;
      const { startNext, ...rest } = opts;
      const complete: MoleculeEvent = {
        type: 'complete',
        step: stepId,
        ...(recorded ? { checkpoint: recorded } : {}),
        ...rest,
      };
      if (startNext === undefined) return apply(ref, complete);
      const by = rest.by === undefined ? {} : { by: rest.by };
      return apply(ref, [complete, { type: 'start', step: startNext, ...by }]);
    },

    failStep(ref, stepId, error, opts = {}) {
      return apply(ref, { type: 'fail', step: stepId, error, ...opts });
    },

    async loadMolecule(id) {
      return unwrap(await store.load(id));
    },

    async resumeMolecule(ref) {
      const mol = await current(ref);
      if (mol.status !== 'pending' && mol.status !== 'in_progress')
        return { ...(await view(mol)), resumed: [] };
      const proto = await protoOf(mol);
      const { mol: stored, effects } = unwrap(
        await changeMolecule(store, proto, mol.id, { type: 'resume' }, clock()),
      );
      await options.onEffects?.(effects, stored);
      const resumed = effects.flatMap((e) =>
        e.type === 'step-status' && e.from === 'in_progress' && e.to === 'ready' ? [e.step] : [],
      );
      const result = await view(stored);
      const first = result.readySteps.find((s) => resumed.includes(s.id));
      return { ...result, ...(first ? { nextStep: first } : {}), resumed };
    },

    getMoleculeProgress(mol) {
      return progress(mol);
    },

    apply,
  };
}

function toCheckpoint(input: CheckpointInput, now: Date): Checkpoint {
  const commit = input.commit ?? input.gitCommit;
  return {
    filesModified: input.filesModified,
    testsPassed: input.testsPassed,
    notes: input.notes,
    capturedAt: input.capturedAt ?? now.toISOString(),
    ...(commit === undefined ? {} : { commit }),
    ...(input.outputTail === undefined ? {} : { outputTail: input.outputTail }),
  };
}
