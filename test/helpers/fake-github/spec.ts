import { readFileSync } from 'node:fs';

/**
 * The committed slice of GitHub's REST OpenAPI description (scripts/extract-openapi-subset.mjs).
 * Only the parts the fake server reads are typed; everything else stays `unknown`.
 */
export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  'x-multi-segment'?: boolean;
}

export interface MediaType {
  schema?: JsonSchema;
}

export interface Operation {
  operationId: string;
  parameters?: Array<Parameter | { $ref: string }>;
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { $ref?: string; content?: Record<string, MediaType> }>;
}

export interface Spec {
  openapi: string;
  'x-molecular-missing-operations': string[];
  paths: Record<string, Record<string, Operation | unknown>>;
  components: Record<string, Record<string, unknown>>;
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

const SUBSET_URL = new URL('../../fixtures/openapi/github-subset.json', import.meta.url);

/**
 * OpenAPI 3.0's `nullable` is not JSON Schema: rewrite it into `type: [t, 'null']` (or an
 * `anyOf` with null when there is no `type`, as in GitHub's `oneOf` + `nullable` fields) so ajv
 * checks the spec exactly as GitHub writes it; a nullable `enum` must also list null.
 */
export function normalizeNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalizeNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = normalizeNullable(value);
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

let cached: Spec | undefined;

/** Loads (once per process) the subset with `nullable` already rewritten. */
export function loadSpec(): Spec {
  cached ??= normalizeNullable(JSON.parse(readFileSync(SUBSET_URL, 'utf8'))) as Spec;
  return cached;
}

/** Follows a `#/components/...` pointer inside the subset; the extractor guarantees it exists. */
export function resolvePointer(spec: Spec, ref: string): unknown {
  let node: unknown = spec;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (node === undefined) throw new Error(`github-subset.json has no ${ref}`);
  return node;
}

export function isOperation(value: unknown): value is Operation {
  return typeof value === 'object' && value !== null && 'operationId' in value && 'responses' in value;
}
