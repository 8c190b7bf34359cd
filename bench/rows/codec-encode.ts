/**
 * The state encoded for the comment after every transition: the 1,025-step chain driven through
 * the public API, each new state handed to `encodeState` with the App's budget (what the comment
 * store leaves after the seal) and the proto for the view, as the comment store does before it
 * writes; and one encode of the finished molecule.
 */
import { checkState } from '../../src/engine/codec/check-state.js';
import { deflateToBase64, FAST_DEFLATE_LEVEL } from '../../src/engine/codec/deflate.js';
import { packedMoleculeJson } from '../../src/engine/codec/packed-json.js';
import { plainJsonWithin } from '../../src/engine/codec/plain-json.js';
import { withListsSplitOnce } from '../../src/engine/molecule/row-chunks.js';
import { SEAL_RESERVE_BYTES } from '../../src/github/store/comment-seal.js';
import {
  DEFAULT_STATE_BUDGET_BYTES,
  type EncodedState,
  encodeState,
  type Molecule,
  type Proto,
  renderView,
} from '../../src/index.js';
import { chainProto, runChain } from '../lib/chain.js';
import { median, type ScaleRow } from '../lib/row.js';

const BUDGET = DEFAULT_STATE_BUDGET_BYTES - SEAL_RESERVE_BYTES;

function encode(mol: Molecule, proto: Proto): EncodedState {
  const encoded = encodeState(mol, { proto, budgetBytes: BUDGET });
  if (!encoded.ok) throw new Error(encoded.error.message);
  return encoded.value;
}

/** One run: every transition followed by the encode of its state; also the states, for later. */
function encodedRun(proto: Proto): { ms: number; states: Molecule[]; last: EncodedState } {
  const states: Molecule[] = [];
  let last: EncodedState | undefined;
  const start = performance.now();
  runChain(proto, undefined, (mol) => {
    last = encode(mol, proto);
    states.push(mol);
  });
  const ms = performance.now() - start;
  if (!last) throw new Error('the chain made no transition');
  return { ms, states, last };
}

/**
 * The finished molecule as the last transition hands it over: the objects that transition made
 * (its step and its history entries) are new to the encoder, everything else it has seen.
 */
function asJustMade(done: Molecule, before: Molecule): Molecule {
  return {
    ...done,
    steps: done.steps.map((step, i) => (step === before.steps[i] ? step : { ...step })),
    history: done.history.map((entry, i) => (i < before.history.length ? entry : { ...entry })),
  };
}

/**
 * Where an encode's time goes, the same 2,050 states put through encodeState's steps one at a
 * time (internal modules, for the note only): validation, the view, packing (and the plain-JSON
 * bound), deflate at the level the chain's states are written at.
 */
function parts(proto: Proto): Record<'validation' | 'view' | 'pack' | 'deflate', number> {
  const states: Molecule[] = [];
  runChain(proto, undefined, (mol) => states.push(mol));
  const ms = { validation: 0, view: 0, pack: 0, deflate: 0 };
  for (const mol of states) {
    withListsSplitOnce(() => {
      let at = performance.now();
      const lap = (part: keyof typeof ms) => {
        const now = performance.now();
        ms[part] += now - at;
        at = now;
      };
      checkState(mol);
      lap('validation');
      renderView(mol, proto);
      lap('view');
      plainJsonWithin(mol, BUDGET);
      const json = packedMoleculeJson(mol);
      lap('pack');
      deflateToBase64(json, FAST_DEFLATE_LEVEL);
      lap('deflate');
    });
  }
  return ms;
}

function timed(prepare: () => Molecule, proto: Proto, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const mol = prepare();
    const start = performance.now();
    encode(mol, proto);
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function measure(): Promise<ScaleRow[]> {
  const proto = chainProto(1025);
  encodedRun(proto); // warm-up: JIT and the proto's index
  const runs = Array.from({ length: 5 }, () => encodedRun(proto));
  const ms = median(runs.map((r) => r.ms));
  const transitionsOnly = median(
    Array.from({ length: 5 }, () => {
      const start = performance.now();
      runChain(proto);
      return performance.now() - start;
    }),
  );
  const { states, last } = runs[runs.length - 1] as (typeof runs)[number];
  const done = states[states.length - 1] as Molecule;
  const before = states[states.length - 2] as Molecule;
  const one = timed(() => asJustMade(done, before), proto, 51);
  const cold = timed(() => structuredClone(done), proto, 21);
  const encodeMs = ms - transitionsOnly;
  parts(proto); // warm-up of the parts taken one at a time
  const split = parts(proto);
  const splitNote = Object.entries(split)
    .map(([part, partMs]) => `${part} ${partMs.toFixed(0)}`)
    .join(', ');
  return [
    {
      name: `state encoded for the comment after every transition, 1,025-step chain (${states.length} encodes)`,
      value: ms,
      unit: 'ms',
      goal: '≤ 1,000 ms',
      anchor: 'encode',
      note: `${encodeMs.toFixed(0)} ms encoding (${((encodeMs * 1000) / states.length).toFixed(0)} µs each; taken apart, ms: ${splitNote}), ${transitionsOnly.toFixed(0)} ms transitions`,
    },
    {
      name: 'one encode of the finished 1,025-step molecule, after its last transition',
      value: one,
      unit: 'ms',
      goal: '≤ 0.5 ms',
      note: `${last.body.length.toLocaleString('en-US')} bytes, ${last.compressed ? 'deflated' : 'plain'}, ${last.view} view; ${cold.toFixed(2)} ms for a copy the encoder has not seen (the comment store's, parsed afresh)`,
    },
  ];
}
