/** A file read through GraphQL's `... on Blob { text isTruncated }`. */
export interface GraphqlBlob {
  text?: string | null;
  isTruncated?: boolean;
}

/**
 * Its text; null when the file is absent, undefined when GraphQL could not give all of it (binary
 * or over its size limit), so the caller reads it over REST instead.
 */
export function blobText(blob: GraphqlBlob | null | undefined): string | null | undefined {
  if (blob === null) return null;
  return typeof blob?.text === 'string' && !blob.isTruncated ? blob.text : undefined;
}
