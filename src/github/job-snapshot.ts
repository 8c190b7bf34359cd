/**
 * What every step job reads first, in one GraphQL document instead of two calls: the config file
 * from the default branch and the comments of the molecule's issue (its id carries the number), so
 * the store finds the state comment, with its editor, without listing them again. An event job (a
 * label, a comment) asks the formulas folder of the default branch too: a pour reads its formula
 * and `/mol status` its pinned blob from it without another call. The store takes
 * the listing once, for its first look-up, and only while it is fresh (JOB_SNAPSHOT_FRESH_MS): the
 * reads under the lease and after every write go to GitHub as before, so nothing it guards leans
 * on this read.
 */

import type { GitHubClient, RepoRef } from './client.js';
import { blobText, type GraphqlBlob } from './graphql-blob.js';
import type { RepoFile } from './repo-file.js';
import type { CommentView } from './store/comment-trust.js';
import { COMMENT_FIELDS, type GraphqlComment, graphqlView } from './store/state-comments.js';

/** A listing older than this is read again: as fresh as the separate read it replaces. */
export const JOB_SNAPSHOT_FRESH_MS = 5_000;

export const JOB_SNAPSHOT_QUERY = `query MolecularJobSnapshot($owner: String!, $name: String!, $config: String!, $number: Int!, $formulas: String!, $withFormulas: Boolean!) {
  repository(owner: $owner, name: $name) {
    config: object(expression: $config) { ... on Blob { text isTruncated } }
    formulas: object(expression: $formulas) @include(if: $withFormulas) {
      ... on Tree { entries { name oid object { ... on Blob { text isTruncated } } } }
    }
    issueOrPullRequest(number: $number) {
      ... on Issue { comments(first: 100) { pageInfo { hasNextPage } nodes { ${COMMENT_FIELDS} } } }
      ... on PullRequest { comments(first: 100) { pageInfo { hasNextPage } nodes { ${COMMENT_FIELDS} } } }
    }
  }
}`;

interface SnapshotData {
  repository: {
    config: GraphqlBlob | null;
    formulas?: { entries?: Array<{ name: string; oid: string; object: GraphqlBlob | null }> } | null;
    issueOrPullRequest: { comments?: { pageInfo: { hasNextPage: boolean }; nodes: GraphqlComment[] } } | null;
  } | null;
}

export interface JobSnapshot {
  /** The config's text; null when there is none, undefined when GraphQL could not give it whole. */
  configText: string | null | undefined;
  /** The formulas folder's files on the default branch, by path (empty unless asked for). */
  formulaFiles: Map<string, RepoFile>;
  /** Hands the issue's comments over once, while fresh; undefined when they must be listed. */
  alreadyListed: (issue: number) => CommentView[] | undefined;
}

export async function readJobSnapshot(
  octokit: GitHubClient,
  repo: RepoRef,
  where: { ref: string; configPath: string; issue: number; formulasPath?: string },
  now: () => Date,
): Promise<JobSnapshot> {
  const folder = where.formulasPath?.replace(/^\/+|\/+$/g, '');
  let data: SnapshotData;
  try {
    data = await octokit.graphql<SnapshotData>(JOB_SNAPSHOT_QUERY, {
      owner: repo.owner,
      name: repo.repo,
      config: `${where.ref}:${where.configPath}`,
      number: where.issue,
      formulas: `${where.ref}:${folder ?? ''}`,
      withFormulas: folder !== undefined,
    });
  } catch (error) {
    // A missing issue is GitHub's NOT_FOUND with the rest of the data: the config still counts.
    const partial = (error as { data?: SnapshotData }).data;
    if (!partial?.repository) throw error;
    data = partial;
  }
  const config = data.repository?.config ?? null;
  const comments = data.repository?.issueOrPullRequest?.comments;
  const readAt = now().getTime();
  let listing = comments && !comments.pageInfo.hasNextPage ? comments.nodes.map(graphqlView) : undefined;
  const formulaFiles = new Map<string, RepoFile>();
  for (const entry of data.repository?.formulas?.entries ?? []) {
    const text = blobText(entry.object ?? undefined);
    const path = `${folder}/${entry.name}`;
    if (typeof text === 'string') formulaFiles.set(path, { path, sha: entry.oid, text });
  }
  return {
    configText: blobText(config),
    formulaFiles,
    alreadyListed: (issue) => {
      const handed =
        issue === where.issue && now().getTime() - readAt <= JOB_SNAPSHOT_FRESH_MS ? listing : undefined;
      listing = undefined;
      return handed;
    },
  };
}
