import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { buildSchema, SCHEMA_FILE, schemaFileText } from '../../../../scripts/gen-schema.mjs';
import { parseFormula } from '../../../../src/engine/formula/parse-formula.js';

const CORPUS = join(import.meta.dirname, '../../../fixtures/corpus');

function formulaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return formulaFiles(path);
    return name.endsWith('.toml') ? [path] : [];
  });
}

describe('schema/formula.schema.json', () => {
  it('matches what npm run schema generates from FormulaSchema', async () => {
    const expected = await schemaFileText();
    const actual = readFileSync(SCHEMA_FILE, 'utf8');
    expect(actual === expected, 'schema/formula.schema.json is stale: run npm run schema').toBe(true);
  });

  it('names itself and describes formula files', async () => {
    const schema = await buildSchema();
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.$id).toEqual(expect.any(String));
    expect(schema.title).toBe('Molecular formula');
    expect(Object.keys(schema.properties as object)).toEqual(
      expect.arrayContaining(['formula', 'steps', 'vars']),
    );
  });

  it('accepts every corpus formula that parseFormula accepts, and refuses a bad one', async () => {
    const validate = new Ajv({ strict: false }).compile(await buildSchema());
    let accepted = 0;
    for (const file of formulaFiles(CORPUS)) {
      const text = readFileSync(file, 'utf8');
      if (!parseFormula(text, file).ok) continue;
      accepted++;
      // Editors check the document as written, so validate smol-toml's reading of it.
      expect(validate(parseToml(text)), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(accepted).toBe(52);
    expect(validate({ steps: [{ id: 'a', max_retries: 'three' }] })).toBe(false);
    expect(validate({ execution: 'remote' })).toBe(false);
  });
});
