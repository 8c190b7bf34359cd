/** `--json=a,b`: only those top-level fields, of the value or of each item of a list. */
import { describe, expect, it } from 'vitest';
import { parseVerbArgs } from '../../../src/cli/args.js';
import { printJson } from '../../../src/cli/print-json.js';
import { findVerb } from '../../../src/cli/verbs.js';
import { memoryIO } from '../../helpers/memory-io.js';

const mol = { id: 'm1', status: 'complete', steps: [{ id: 'a' }], progress: { done: 1 } };

describe('--json field selection', () => {
  it('bare --json prints everything', () => {
    const io = memoryIO();
    expect(printJson(io, true, mol)).toBe(0);
    expect(JSON.parse(io.stdout())).toEqual(mol);
  });

  it('--json=id,status keeps those fields, in the order asked, of an object or of each item', () => {
    const io = memoryIO();
    expect(printJson(io, 'status, id', mol)).toBe(0);
    expect(io.stdout()).toBe('{\n  "status": "complete",\n  "id": "m1"\n}\n');
    const list = memoryIO();
    expect(printJson(list, 'id', [mol, { ...mol, id: 'm2' }])).toBe(0);
    expect(JSON.parse(list.stdout())).toEqual([{ id: 'm1' }, { id: 'm2' }]);
  });

  it('a field that is not there is named with the fields that are: a usage exit', () => {
    const io = memoryIO();
    expect(printJson(io, 'id,stauts', mol)).toBe(2);
    expect(JSON.parse(io.stdout())).toEqual({ id: 'm1' });
    expect(io.stderr()).toBe(
      'mol: --json: no field "stauts" (did you mean "status"?); the fields are id, status, steps, progress\n',
    );
    const far = memoryIO();
    expect(printJson(far, 'when', mol)).toBe(2);
    expect(far.stderr()).toBe('mol: --json: no field "when"; the fields are id, status, steps, progress\n');
  });

  it('the parser takes --json=FIELDS inline only, and any other switch takes no value', () => {
    const status = findVerb('status');
    if (status === undefined) throw new Error('no status verb');
    const parsed = parseVerbArgs(status, ['m1', '--json=id,status']);
    expect(parsed.ok && parsed.value.values.json).toBe('id,status');
    expect(parseVerbArgs(status, ['--graph=yes'])).toMatchObject({
      ok: false,
      error: { message: 'option --graph takes no value, got "yes"' },
    });
  });
});
