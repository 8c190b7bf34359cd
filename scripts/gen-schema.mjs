#!/usr/bin/env node
// Writes schema/formula.schema.json, the JSON Schema editors use to complete and check formula
// files (Taplo: `#:schema ./schema/formula.schema.json`), from the zod FormulaSchema in
// src/engine/formula/formula-schema.ts, the one place the format is written down.
//
//   npm run schema
//
// A plain .mjs cannot import TypeScript, so the schema module is bundled on the fly with esbuild.
// zod is bundled in with it: a module imported from a data: URL cannot resolve bare package
// names, and the JSON Schema must come from the same zod instance that built the schema.
// test/unit/schema-file.test.ts calls `schemaFileText()` and fails when the checked-in file differs.
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMA_FILE = resolve(root, 'schema/formula.schema.json');

const ENTRY = `
export { FormulaSchema, GateSchema, StepSchema, VarSchema } from './src/engine/formula/formula-schema.ts';
export { z } from 'zod';
`;

async function loadFormulaSchema() {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: 'ts', sourcefile: 'formula-schema-entry.ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/** The JSON Schema object for formula files. */
export async function buildSchema() {
  const { z, FormulaSchema, GateSchema, StepSchema, VarSchema } = await loadFormulaSchema();
  // Shared parts get readable definition names (`#/definitions/step`, not `__schema0`).
  const names = z.registry();
  names.add(StepSchema, { id: 'step' });
  names.add(GateSchema, { id: 'gate' });
  names.add(VarSchema, { id: 'var' });
  // `input`: a formula file is what the user writes, before defaults apply. Draft 7 is the draft
  // every TOML/JSON editor integration reads.
  const generated = z.toJSONSchema(FormulaSchema, { target: 'draft-7', io: 'input', metadata: names });
  const { $schema, ...rest } = generated;
  return {
    $schema,
    $id: 'urn:molecular:schema:formula',
    title: 'Molecular formula',
    description:
      'A Molecular formula file (.formula.toml or .formula.json): steps with dependencies, variables, gates, ' +
      'and the Gas Town / Beads extensions (convoy legs, expansions, aspects). Unknown keys are allowed ' +
      'but Molecular warns about them.',
    ...rest,
  };
}

/** The exact text of schema/formula.schema.json. */
export async function schemaFileText() {
  return `${JSON.stringify(await buildSchema(), null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  writeFileSync(SCHEMA_FILE, await schemaFileText());
  console.log(`wrote ${SCHEMA_FILE}`);
}
