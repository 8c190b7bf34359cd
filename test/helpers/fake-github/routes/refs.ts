import { notFound, unprocessable } from '../errors.js';
import { listLockRefs, lockRemote, readLockRef, readRemoteCommit, swapLockRef } from '../lock-refs.js';
import { refShape } from '../shapes/git.js';
import type { HandlerTable } from './types.js';

const SHA = /^[0-9a-f]{40}$/;

/** `heads/x` in the URL is `refs/heads/x` in the model. */
function fullRef(ref: string | undefined): string {
  return `refs/${(ref ?? '').replace(/^refs\//, '')}`;
}

export const refRoutes: HandlerTable = {
  /** Atomic create-if-absent: Molecular uses a ref as a lock, so "already exists" must be exact. */
  'git/create-ref': async ({ state, links, body }) => {
    const { ref, sha } = body as { ref: string; sha: string };
    if (!ref.startsWith('refs/') || ref.split('/').length < 3) {
      return unprocessable("Reference name must start with 'refs/' and have at least two slashes.");
    }
    if (!SHA.test(sha)) return unprocessable('Object does not exist');
    const remote = lockRemote(state, ref);
    if (remote !== undefined) {
      if (!(await readRemoteCommit(remote, sha))) return unprocessable('Object does not exist');
      if (!(await swapLockRef(remote, ref, sha, undefined))) return unprocessable('Reference already exists');
      return { status: 201, body: refShape(links, ref, sha) };
    }
    if (state.allRefs().has(ref)) return unprocessable('Reference already exists');
    state.refs.set(ref, sha);
    return { status: 201, body: refShape(links, ref, sha) };
  },

  'git/get-ref': async ({ state, links, params }) => {
    const ref = fullRef(params.ref);
    const remote = lockRemote(state, ref);
    const sha = remote !== undefined ? await readLockRef(remote, ref) : state.allRefs().get(ref);
    return sha ? { status: 200, body: refShape(links, ref, sha) } : notFound();
  },

  /** Without `force`, only a fast-forward (per `state.commitParents`) is accepted, like GitHub. */
  'git/update-ref': async ({ state, links, params, body }) => {
    const ref = fullRef(params.ref);
    const { sha, force = false } = body as { sha: string; force?: boolean };
    const remote = lockRemote(state, ref);
    if (remote !== undefined) {
      const current = await readLockRef(remote, ref);
      if (!current) return unprocessable('Reference does not exist');
      if (!SHA.test(sha) || !(await readRemoteCommit(remote, sha)))
        return unprocessable('Object does not exist');
      if (!force && !state.isAncestor(current, sha)) return unprocessable('Update is not a fast forward');
      if (!(await swapLockRef(remote, ref, sha, current)))
        return unprocessable('Update is not a fast forward');
      return { status: 200, body: refShape(links, ref, sha) };
    }
    const current = state.allRefs().get(ref);
    if (!current) return unprocessable('Reference does not exist');
    if (!SHA.test(sha)) return unprocessable('Object does not exist');
    if (!force && !state.isAncestor(current, sha)) return unprocessable('Update is not a fast forward');
    // A branch moved to a commit the fake holds files for (a merge's) has those files from now on.
    const files = ref.startsWith('refs/heads/') ? state.filesAt(sha) : undefined;
    state.refs.set(ref, sha);
    if (files !== undefined) state.branchFiles.set(ref.slice('refs/heads/'.length), new Map(files));
    return { status: 200, body: refShape(links, ref, sha) };
  },

  'git/delete-ref': async ({ state, params }) => {
    const ref = fullRef(params.ref);
    const remote = lockRemote(state, ref);
    if (remote !== undefined) {
      const current = await readLockRef(remote, ref);
      if (!current || !(await swapLockRef(remote, ref, undefined, current))) {
        return unprocessable('Reference does not exist');
      }
      return { status: 204 };
    }
    if (!state.allRefs().has(ref)) return unprocessable('Reference does not exist');
    const branch = ref.replace(/^refs\/heads\//, '');
    if (ref.startsWith('refs/heads/') && branch === state.defaultBranch) {
      return unprocessable('Cannot delete the default branch');
    }
    state.refs.delete(ref);
    if (ref.startsWith('refs/heads/')) state.branchFiles.delete(branch);
    return { status: 204 };
  },

  'git/list-matching-refs': async ({ state, links, params }) => {
    const prefix = fullRef(params.ref);
    const remote = lockRemote(state, prefix);
    const all = remote !== undefined ? await listLockRefs(remote, 'refs/molecular/') : [...state.allRefs()];
    const matching = all.filter(([ref]) => ref.startsWith(prefix));
    return { status: 200, body: matching.map(([ref, sha]) => refShape(links, ref, sha)) };
  },
};
