import { errorResult, notFound } from '../errors.js';
import { hashTree } from '../git-objects.js';
import { blobShape, contentFileShape, treeShape } from '../shapes/git.js';
import { repoApi, repoWeb } from '../shapes/links.js';
import type { FakeState } from '../state.js';
import type { HandlerTable, RouteContext } from './types.js';

/** `GET contents/<dir>`: one entry per child, the way GitHub lists a directory. */
function directoryListing(ctx: RouteContext, files: Map<string, string>, dir: string, ref: string) {
  const { entries } = hashTree(files);
  const prefix = dir === '' ? '' : `${dir}/`;
  return entries
    .filter((entry) => entry.path.startsWith(prefix) && !entry.path.slice(prefix.length).includes('/'))
    .map((entry) => {
      const self = `${repoApi(ctx.links)}/contents/${entry.path}?ref=${encodeURIComponent(ref)}`;
      const git = `${repoApi(ctx.links)}/git/${entry.type === 'blob' ? 'blobs' : 'trees'}/${entry.sha}`;
      const html = `${repoWeb(ctx.links)}/${entry.type === 'blob' ? 'blob' : 'tree'}/${ref}/${entry.path}`;
      return {
        type: entry.type === 'blob' ? 'file' : 'dir',
        size: entry.size ?? 0,
        name: entry.path.slice(prefix.length),
        path: entry.path,
        sha: entry.sha,
        url: self,
        git_url: git,
        html_url: html,
        download_url: null,
        _links: { self, git, html },
      };
    });
}

/** A tree by root or subtree sha, commit sha or branch name, as GitHub's `tree_sha` accepts. */
function findTree(state: FakeState, wanted: string) {
  const byRef = state.filesAt(wanted);
  if (byRef && wanted !== '') {
    const tree = hashTree(byRef);
    return { tree, prefix: '', sha: tree.sha };
  }
  for (const files of state.branchFiles.values()) {
    const tree = hashTree(files);
    if (tree.sha === wanted) return { tree, prefix: '', sha: tree.sha };
    const subtree = tree.entries.find((entry) => entry.type === 'tree' && entry.sha === wanted);
    if (subtree) return { tree, prefix: `${subtree.path}/`, sha: subtree.sha };
  }
  return undefined;
}

export const contentRoutes: HandlerTable = {
  'repos/get-content': (ctx) => {
    const ref = ctx.query.get('ref') ?? ctx.state.defaultBranch;
    const files = ctx.state.filesAt(ref);
    if (!files) return errorResult(404, `No commit found for the ref ${ref}`);
    const path = (ctx.params.path ?? '').replace(/^\/+|\/+$/g, '');
    const content = files.get(path);
    if (content !== undefined) return { status: 200, body: contentFileShape(ctx.links, path, content, ref) };
    const listing = directoryListing(ctx, files, path, ref);
    return listing.length > 0 ? { status: 200, body: listing } : notFound();
  },

  'git/get-blob': (ctx) => {
    const sha = (ctx.params.file_sha ?? '').toLowerCase();
    const content = ctx.state.blob(sha);
    return content === undefined ? notFound() : { status: 200, body: blobShape(ctx.links, sha, content) };
  },

  'git/get-tree': (ctx) => {
    const found = findTree(ctx.state, ctx.params.tree_sha ?? '');
    if (!found) return notFound();
    const recursive = ['1', 'true'].includes(ctx.query.get('recursive') ?? '');
    const entries = found.tree.entries
      .filter((entry) => entry.path.startsWith(found.prefix))
      .map((entry) => ({ ...entry, path: entry.path.slice(found.prefix.length) }))
      .filter((entry) => recursive || !entry.path.includes('/'));
    return { status: 200, body: treeShape(ctx.links, found.sha, entries) };
  },
};
