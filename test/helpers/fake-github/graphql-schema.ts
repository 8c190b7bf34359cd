import { readFileSync } from 'node:fs';
import { buildSchema, type DocumentNode, type GraphQLSchema, parse, validate } from 'graphql';

/**
 * GitHub's published GraphQL schema (@octokit/graphql-schema), built once per process on first use
 * (about a second). It is built without graphql-js's schema self-validation: GitHub's own schema
 * fails it (a duplicated field in `EnterpriseOwnerInfo`, deprecated fields implementing interface
 * fields), which says nothing about the queries validated against it.
 */
let schema: GraphQLSchema | undefined;

/** By path: the package's `exports` offer only its entry point, which parses a 5 MB JSON twin at import. */
const SCHEMA_FILE = new URL('../../../node_modules/@octokit/graphql-schema/schema.graphql', import.meta.url);

export function githubSchema(): GraphQLSchema {
  if (!schema) {
    schema = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'), { assumeValid: true, assumeValidSDL: true });
  }
  return schema;
}

export type ParsedDocument = { ok: true; document: DocumentNode } | { ok: false; errors: string[] };

/** Documents already checked: a client sends the same few constant strings again and again. */
const checked = new Map<string, ParsedDocument>();

/** Parses and validates `source` as GitHub would; the errors are GitHub's sentences (graphql-js's). */
export function checkDocument(source: string): ParsedDocument {
  let result = checked.get(source);
  if (!result) {
    result = parseAndValidate(source);
    if (checked.size < 1000) checked.set(source, result);
  }
  return result;
}

function parseAndValidate(source: string): ParsedDocument {
  let document: DocumentNode;
  try {
    document = parse(source);
  } catch (error) {
    return { ok: false, errors: [(error as Error).message] };
  }
  const errors = validate(githubSchema(), document);
  return errors.length > 0 ? { ok: false, errors: errors.map((e) => e.message) } : { ok: true, document };
}
