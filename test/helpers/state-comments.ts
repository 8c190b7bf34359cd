/**
 * A molecule as the faces on GitHub keep it: a state comment on its issue in the fake GitHub.
 * Shared by the App and Action e2e helpers and the chaos worlds.
 */
import { decodeState } from '../../src/engine/codec/decode.js';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import type { CommentRecord, FakeGitHub } from './fake-github/index.js';

/** The comments on an issue that hold (or claim) Molecular state; only `author`'s when given. */
export function stateComments(gh: FakeGitHub, issue: number, author?: string): CommentRecord[] {
  return [...gh.state.comments.values()].filter(
    (c) =>
      c.issue_number === issue &&
      (author === undefined || c.user.login === author) &&
      c.body.includes('molecular:state'),
  );
}

/** The molecule of the issue's first state comment, decoded (throws when there is none). */
export function moleculeOn(gh: FakeGitHub, issue: number, author?: string): Molecule {
  const [comment] = stateComments(gh, issue, author);
  const decoded = decodeState(comment?.body ?? '');
  if (!decoded.ok) throw new Error(`#${issue}: ${decoded.error.message}`);
  return decoded.value;
}
