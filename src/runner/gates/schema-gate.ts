/**
 * The `schema` gate: a file the step wrote is JSON and valid against a JSON Schema in the repository
 * (the Tideate plan gate). Validation is ajv's, loaded on first use; the draft follows the schema's
 * `$schema` (2020-12, 2019-09, else draft-07). Both files are read at their real paths, which must
 * be inside the workspace: a step's symbolic link to a file outside must not end up in the state.
 */
import { readFile } from 'node:fs/promises';
import type { GateResult } from '../../engine/index.js';
import { resolveInWorkspace } from './inside-workspace.js';

type Validate = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; message?: string }[] | null;
};
interface AjvLike {
  compile(schema: object): Validate;
}

export async function schemaGate(cwd: string, file: string, schemaFile: string): Promise<GateResult> {
  const fail = (detail: string): GateResult => ({ type: 'schema', passed: false, detail });
  const data = await readJson(cwd, file);
  if ('error' in data) return fail(data.error);
  const schema = await readJson(cwd, schemaFile);
  if ('error' in schema) return fail(schema.error);
  if (schema.value === null || typeof schema.value !== 'object')
    return fail(`${schemaFile} is not a JSON Schema object`);

  let validate: Validate;
  try {
    const ajv = await makeAjv(schema.value as { $schema?: unknown });
    validate = ajv.compile(schema.value as object);
  } catch (error) {
    return fail(`${schemaFile} is not a usable JSON Schema: ${(error as Error).message}`);
  }
  if (validate(data.value)) return { type: 'schema', passed: true, detail: `${file} matches ${schemaFile}` };
  const problems = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
  return fail(`${file} does not match ${schemaFile}: ${problems.join('; ')}`);
}

async function makeAjv(schema: { $schema?: unknown }): Promise<AjvLike> {
  const draft = typeof schema.$schema === 'string' ? schema.$schema : '';
  // Formats need ajv-formats, which we do not ship: ignore them rather than fail every schema using one.
  const options = { allErrors: true, strict: false, validateFormats: false, logger: false as const };
  if (draft.includes('2020-12')) {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    return new Ajv2020(options);
  }
  if (draft.includes('2019-09')) {
    const { Ajv2019 } = await import('ajv/dist/2019.js');
    return new Ajv2019(options);
  }
  const { Ajv } = await import('ajv');
  return new Ajv(options);
}

/** The JSON in a workspace file, read at its real path, which must be inside the workspace. */
async function readJson(cwd: string, shown: string): Promise<{ value: unknown } | { error: string }> {
  const resolved = await resolveInWorkspace(cwd, shown);
  if (resolved.kind === 'refused') return { error: resolved.reason };
  if (resolved.kind === 'missing') return { error: `${shown} does not exist` };
  let text: string;
  try {
    text = await readFile(resolved.real, 'utf8');
  } catch {
    return { error: `${shown} does not exist` };
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error: `${shown} is not valid JSON: ${(error as Error).message}` };
  }
}
