/**
 * `POST /merges`: GitHub merges `head` into the branch `base` with a merge commit. The fake's
 * branches are file maps without a history, so the merge is three-way against the default branch
 * (every molecule branch starts there): a path both sides changed differently is a conflict (409,
 * nothing written). A head already merged (an ancestor of base) is 204, as on GitHub.
 */
import { errorResult } from '../errors.js';
import { gitObjectSha, hashTree } from '../git-objects.js';
import { commitShape } from '../shapes/git.js';
import type { HandlerTable } from './types.js';

export const mergeRoutes: HandlerTable = {
  'repos/merge': ({ state, links, body }) => {
    const { base, head, commit_message } = body as { base: string; head: string; commit_message?: string };
    const baseSha = state.branchSha(base);
    const headSha = state.branchSha(head) ?? (/^[0-9a-f]{40}$/.test(head) ? head : undefined);
    if (baseSha === undefined) return errorResult(404, 'Base does not exist');
    const theirs = headSha === undefined ? undefined : state.filesAt(headSha);
    if (headSha === undefined || theirs === undefined) return errorResult(404, 'Head does not exist');
    if (state.isAncestor(headSha, baseSha)) return { status: 204 };
    const ours = state.filesAt(baseSha) ?? new Map<string, string>();
    const origin = state.files;
    const merged = new Map<string, string>();
    for (const path of new Set([...ours.keys(), ...theirs.keys()])) {
      const [o, a, b] = [origin.get(path), ours.get(path), theirs.get(path)];
      const pick = a === b || b === o ? a : a === o ? b : null;
      if (pick === null) return errorResult(409, 'Merge conflict');
      if (pick !== undefined) merged.set(path, pick);
    }
    const tree = hashTree(merged).sha;
    const text = `tree ${tree}\nparent ${baseSha}\nparent ${headSha}\n\n${commit_message ?? `Merge ${head} into ${base}`}`;
    const sha = gitObjectSha('commit', Buffer.from(text, 'utf8'));
    state.commitParents.set(sha, [baseSha, headSha]);
    state.branchFiles.set(base, merged);
    state.refs.set(`refs/heads/${base}`, sha);
    return { status: 201, body: commitShape(links, sha, tree) };
  },
};
