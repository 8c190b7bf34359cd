/**
 * Molecule state to and from JSON, validated by the schema on the way in. A bad document is
 * answered with the first problem as a sentence that names its path (`steps[2].status must be
 * one of pending, ready, …, got "done"`) and every problem as a diagnostic.
 */
import type { z } from 'zod';
import { type Diagnostic, err, ok, type Result } from '../../errors.js';
import { type Molecule, MoleculeSchema } from '../molecule-schema.js';

export function serializeMolecule(mol: Molecule): string {
  return JSON.stringify(mol);
}

export function deserializeMolecule(json: string): Result<Molecule> {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (e) {
    return err('invalid-json', `molecule state is not valid JSON: ${(e as Error).message}`);
  }
  const parsed = MoleculeSchema.safeParse(data, { reportInput: true });
  if (parsed.success) return ok(parsed.data);
  const diagnostics: Diagnostic[] = parsed.error.issues.map((issue) => ({
    severity: 'error',
    code: 'invalid-state',
    message: describeIssue(issue),
  }));
  const first = diagnostics[0] as Diagnostic;
  const more =
    diagnostics.length > 1
      ? ` (and ${diagnostics.length - 1} more problem${diagnostics.length > 2 ? 's' : ''})`
      : '';
  return {
    ok: false,
    error: { code: 'invalid-state', message: `molecule state: ${first.message}${more}`, diagnostics },
  };
}

/** `['steps', 2, 'status']` -> `steps[2].status`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(the document)';
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = formatPath(issue.path);
  const got = 'input' in issue ? ` got ${shown(issue.input)}` : '';
  switch (issue.code) {
    case 'invalid_value':
      return `${where} must be ${issue.values.length === 1 ? shown(issue.values[0]) : `one of ${issue.values.map(String).join(', ')}`},${got}`;
    case 'invalid_type':
      return issue.input === undefined
        ? `${where} is missing (expected ${issue.expected})`
        : `${where} must be ${issue.expected},${got}`;
    default:
      return `${where}: ${issue.message}${got ? `;${got}` : ''}`;
  }
}

function shown(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
