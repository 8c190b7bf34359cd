import { describeErrors, validatorFor } from './ajv.js';
import {
  HTTP_METHODS,
  isOperation,
  type JsonSchema,
  loadSpec,
  type Operation,
  type Parameter,
  resolvePointer,
} from './spec.js';

/** One operation of the subset, ready to match request paths. */
export interface Route {
  method: string;
  template: string;
  operation: Operation;
  parameters: Parameter[];
  pattern: RegExp;
  pathNames: string[];
  /** Literal characters in the template: more literal text is the more specific route. */
  specificity: number;
}

export interface MatchedRoute {
  route: Route;
  /** Decoded path parameters, still strings as they came on the wire. */
  params: Record<string, string>;
}

function resolveParameters(operation: Operation): Parameter[] {
  const spec = loadSpec();
  return (operation.parameters ?? []).map((p) =>
    '$ref' in p ? (resolvePointer(spec, p.$ref) as Parameter) : p,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compileRoute(method: string, template: string, operation: Operation): Route {
  const parameters = resolveParameters(operation);
  const pathNames: string[] = [];
  let source = '';
  let specificity = 0;
  for (const piece of template.split(/(\{[^}]+\})/)) {
    const name = /^\{(.+)\}$/.exec(piece)?.[1];
    if (name === undefined) {
      source += escapeRegExp(piece);
      specificity += piece.length;
      continue;
    }
    pathNames.push(name);
    // `x-multi-segment` params (refs, file paths, branches) may hold raw slashes; Octokit sends them as %2F, git clients as `/`.
    const multi = parameters.some((p) => p.in === 'path' && p.name === name && p['x-multi-segment']);
    source += multi ? '(.+)' : '([^/]+)';
  }
  return {
    method,
    template,
    operation,
    parameters,
    pattern: new RegExp(`^${source}$`),
    pathNames,
    specificity,
  };
}

let routes: Route[] | undefined;

export function allRoutes(): Route[] {
  if (!routes) {
    const table: Route[] = [];
    for (const [template, item] of Object.entries(loadSpec().paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (isOperation(operation)) table.push(compileRoute(method.toUpperCase(), template, operation));
      }
    }
    routes = table.sort((a, b) => b.specificity - a.specificity);
  }
  return routes;
}

/** Finds the operation for `METHOD /path` (path without query string or `/api/v3` prefix). */
export function matchRoute(method: string, path: string): MatchedRoute | undefined {
  for (const route of allRoutes()) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    route.pathNames.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1] ?? '');
    });
    return { route, params };
  }
  return undefined;
}

/**
 * Path and query values arrive as strings: a parameter is valid when the raw string, or its
 * number/boolean reading, fits the schema (so `oneOf: [integer, string]` still matches exactly one).
 */
function parameterProblems(parameter: Parameter, raw: string): string[] {
  const schema = parameter.schema;
  if (!schema) return [];
  const validate = validatorFor(schema);
  const candidates: unknown[] = [raw];
  if (/^-?\d+(\.\d+)?$/.test(raw)) candidates.push(Number(raw));
  if (raw === 'true' || raw === 'false') candidates.push(raw === 'true');
  if (candidates.some((value) => validate(value))) return [];
  validate(raw);
  return describeErrors(validate.errors, `${parameter.in} parameter "${parameter.name}"`);
}

export interface ValidationInput {
  params: Record<string, string>;
  query: URLSearchParams;
  /** `undefined` when the request had no body. */
  body: unknown;
}

/** Everything wrong with a request for a matched operation; empty when GitHub would accept its shape. */
export function requestProblems(route: Route, input: ValidationInput): string[] {
  const problems: string[] = [];
  for (const parameter of route.parameters) {
    if (parameter.in === 'path') {
      const raw = input.params[parameter.name];
      if (raw === undefined || raw === '') problems.push(`path parameter "${parameter.name}" is missing`);
      else problems.push(...parameterProblems(parameter, raw));
    } else if (parameter.in === 'query') {
      const raw = input.query.get(parameter.name);
      if (raw === null) {
        if (parameter.required) problems.push(`query parameter "${parameter.name}" is required`);
      } else problems.push(...parameterProblems(parameter, raw));
    }
  }
  const requestBody = route.operation.requestBody;
  if (requestBody) {
    const schema = requestBody.content['application/json']?.schema;
    if (input.body === undefined) {
      if (requestBody.required) problems.push('a JSON request body is required');
    } else if (schema) {
      const validate = validatorFor(schema);
      if (!validate(input.body)) problems.push(...describeErrors(validate.errors, 'body'));
    }
  }
  return problems;
}

/** The JSON schema GitHub documents for `status` of this operation, if any. */
export function responseSchema(route: Route, status: number): JsonSchema | undefined {
  let response = route.operation.responses[String(status)];
  if (response?.$ref) response = resolvePointer(loadSpec(), response.$ref) as typeof response;
  return response?.content?.['application/json']?.schema;
}
