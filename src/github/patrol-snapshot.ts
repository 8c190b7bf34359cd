/**
 * What a patrol job needs before it can judge anything, in one GraphQL document instead of three
 * calls: the config file, the formulas folder (each formula's text, keyed by its blob sha, so
 * pinned protos cook without `git/get-blob`) and the survey's first page. A round with nothing to
 * do is this one request. A formula pinned to an older blob, a config naming another formulas path,
 * more than 100 molecules: those are read as before, by the readers that always read them.
 */
import type { GitHubClient, RepoRef } from './client.js';
import { blobText, type GraphqlBlob } from './graphql-blob.js';
import { SURVEY_SEARCH, type SurveyPage, surveySearch } from './survey.js';

export const PATROL_SNAPSHOT_QUERY = `query MolecularPatrolSnapshot($owner: String!, $name: String!, $config: String!, $formulas: String!, $q: String!, $after: String) {
  repository(owner: $owner, name: $name) {
    config: object(expression: $config) { ... on Blob { text isTruncated } }
    formulas: object(expression: $formulas) {
      ... on Tree { entries { oid object { ... on Blob { text isTruncated } } } }
    }
  }
  ${SURVEY_SEARCH}
}`;

interface SnapshotData extends SurveyPage {
  repository: {
    config: GraphqlBlob | null;
    formulas: { entries?: Array<{ oid: string; object: GraphqlBlob | null }> } | null;
  } | null;
}

export interface PatrolSnapshot {
  /** The config file's text; null when there is none, undefined when GraphQL could not give it whole. */
  configText: string | null | undefined;
  /** Formula texts by blob sha (git's), from the formulas folder. */
  blobs: Map<string, string>;
  firstPage: SurveyPage;
}

export async function readPatrolSnapshot(
  octokit: GitHubClient,
  repo: RepoRef,
  where: { ref: string; configPath: string; formulasPath: string },
): Promise<PatrolSnapshot> {
  const data = await octokit.graphql<SnapshotData>(PATROL_SNAPSHOT_QUERY, {
    owner: repo.owner,
    name: repo.repo,
    config: `${where.ref}:${where.configPath}`,
    formulas: `${where.ref}:${where.formulasPath.replace(/\/+$/, '')}`,
    q: surveySearch(repo),
    after: null,
  });
  const config = data.repository?.config ?? null;
  const blobs = new Map<string, string>();
  for (const entry of data.repository?.formulas?.entries ?? []) {
    const text = blobText(entry.object ?? undefined);
    if (typeof text === 'string') blobs.set(entry.oid, text);
  }
  return {
    configText: blobText(config),
    blobs,
    firstPage: { search: data.search },
  };
}
