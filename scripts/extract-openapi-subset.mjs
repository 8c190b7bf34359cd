#!/usr/bin/env node
// Extracts the slice of GitHub's REST OpenAPI description that Molecular calls, for the fake
// GitHub server in test/helpers/fake-github. The full spec is 13 MB inside a 385 MB package, so
// the project keeps only this subset as a committed fixture and never installs the package in CI.
//
// To regenerate test/fixtures/openapi/github-subset.json (e.g. after adding an operation to
// OPERATIONS below, or to move to a newer spec):
//
//   npm install --no-save @octokit/openapi@23.0.2
//   node scripts/extract-openapi-subset.mjs
//   rm -rf node_modules/@octokit/openapi   # package.json and package-lock.json must stay unchanged
//
// or, to leave the project's node_modules alone (npm prunes packages it did not save):
//
//   npm install --prefix /tmp/oa @octokit/openapi@23.0.2
//   node scripts/extract-openapi-subset.mjs /tmp/oa/node_modules/@octokit/openapi/generated/api.github.com.json
//
// The package is never imported: its entry point loads every spec variant (385 MB); reading the
// one JSON file by path is enough.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SPEC_VERSION = '23.0.2';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const input = process.argv[2] ?? resolve(root, 'node_modules/@octokit/openapi/generated/api.github.com.json');
const output = resolve(root, 'test/fixtures/openapi/github-subset.json');

/** [method, path template] for every REST call Molecular (and its tests) make. */
const OPERATIONS = [
  ['get', '/repos/{owner}/{repo}'],
  ['get', '/repos/{owner}/{repo}/issues/{issue_number}'],
  ['patch', '/repos/{owner}/{repo}/issues/{issue_number}'],
  ['post', '/repos/{owner}/{repo}/issues'],
  ['get', '/repos/{owner}/{repo}/issues/{issue_number}/comments'],
  ['post', '/repos/{owner}/{repo}/issues/{issue_number}/comments'],
  ['get', '/repos/{owner}/{repo}/issues/comments/{comment_id}'],
  ['patch', '/repos/{owner}/{repo}/issues/comments/{comment_id}'],
  ['delete', '/repos/{owner}/{repo}/issues/comments/{comment_id}'],
  ['post', '/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions'],
  ['post', '/repos/{owner}/{repo}/issues/{issue_number}/labels'],
  ['delete', '/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}'],
  ['post', '/repos/{owner}/{repo}/labels'],
  ['get', '/repos/{owner}/{repo}/labels/{name}'],
  ['get', '/repos/{owner}/{repo}/collaborators/{username}/permission'],
  ['get', '/repos/{owner}/{repo}/contents/{path}'],
  ['get', '/repos/{owner}/{repo}/git/blobs/{file_sha}'],
  ['get', '/repos/{owner}/{repo}/git/trees/{tree_sha}'],
  ['post', '/repos/{owner}/{repo}/git/commits'],
  ['get', '/repos/{owner}/{repo}/git/commits/{commit_sha}'],
  ['post', '/repos/{owner}/{repo}/git/refs'],
  ['get', '/repos/{owner}/{repo}/git/ref/{ref}'],
  ['patch', '/repos/{owner}/{repo}/git/refs/{ref}'],
  ['delete', '/repos/{owner}/{repo}/git/refs/{ref}'],
  ['get', '/repos/{owner}/{repo}/git/matching-refs/{ref}'],
  ['post', '/repos/{owner}/{repo}/check-runs'],
  ['patch', '/repos/{owner}/{repo}/check-runs/{check_run_id}'],
  ['get', '/repos/{owner}/{repo}/commits/{ref}/check-runs'],
  ['post', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches'],
  ['get', '/repos/{owner}/{repo}/actions/runs/{run_id}'],
  ['post', '/repos/{owner}/{repo}/dispatches'],
  ['get', '/repos/{owner}/{repo}/pulls/{pull_number}'],
  ['get', '/repos/{owner}/{repo}/pulls'],
  ['post', '/repos/{owner}/{repo}/pulls'],
  ['post', '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers'],
  ['post', '/repos/{owner}/{repo}/merges'],
  ['get', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments'],
  ['post', '/repos/{owner}/{repo}/issues/{issue_number}/sub_issues'],
  ['get', '/repos/{owner}/{repo}/issues/{issue_number}/sub_issues'],
  ['get', '/repos/{owner}/{repo}/branches/{branch}'],
  ['post', '/app/installations/{installation_id}/access_tokens'],
  ['get', '/repos/{owner}/{repo}/installation'],
  ['get', '/app'],
  ['get', '/search/issues'],
];

/** Keys that only document; dropping them keeps the fixture small without changing validation. */
const DOC_KEYS = new Set(['examples', 'example', 'externalDocs']);

const spec = JSON.parse(readFileSync(input, 'utf8'));

/** Copies a node without documentation-only keys, collecting every `#/components/...` it refers to. */
function strip(node, refs) {
  if (Array.isArray(node)) return node.map((item) => strip(item, refs));
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (DOC_KEYS.has(key)) continue;
    if (key === '$ref' && typeof value === 'string') refs.add(value);
    out[key] = strip(value, refs);
  }
  return out;
}

/** Looks up `#/components/<kind>/<name>`; JSON-pointer escapes are not used by GitHub's names. */
function resolveRef(ref) {
  const parts = ref.replace(/^#\//, '').split('/');
  let node = spec;
  for (const part of parts) node = node?.[part];
  if (node === undefined) throw new Error(`dangling $ref ${ref}`);
  return { parts, node };
}

const missing = [];
const paths = {};
const pending = new Set();
for (const [method, path] of OPERATIONS) {
  const operation = spec.paths[path]?.[method];
  if (!operation) {
    missing.push(`${method.toUpperCase()} ${path}`);
    continue;
  }
  paths[path] ??= {};
  // Path-level parameters apply to every method; GitHub's spec has none today, but keep them.
  if (spec.paths[path].parameters) paths[path].parameters = strip(spec.paths[path].parameters, pending);
  paths[path][method] = strip(operation, pending);
}

const components = {};
const seen = new Set();
while (pending.size > 0) {
  const [ref] = pending;
  pending.delete(ref);
  if (seen.has(ref)) continue;
  seen.add(ref);
  const { parts, node } = resolveRef(ref);
  const [, kind, name] = parts;
  components[kind] ??= {};
  components[kind][name] = strip(node, pending);
}
for (const kind of Object.keys(components)) {
  components[kind] = Object.fromEntries(
    Object.entries(components[kind]).sort(([a], [b]) => a.localeCompare(b)),
  );
}

const subset = {
  openapi: spec.openapi,
  info: {
    ...spec.info,
    description: `Subset of @octokit/openapi@${SPEC_VERSION} generated/api.github.com.json`,
  },
  'x-molecular-missing-operations': missing,
  paths,
  components,
};
mkdirSync(dirname(output), { recursive: true });
const text = `${JSON.stringify(subset, null, 2)}\n`;
writeFileSync(output, text);
const operations = OPERATIONS.length - missing.length;
console.log(`wrote ${output}: ${operations} operations, ${seen.size} components, ${text.length} bytes`);
if (missing.length > 0) console.log(`not in the spec: ${missing.join(', ')}`);
