/** Types for scripts/changelog-notes.mjs, so its test can call it from TypeScript. */
export declare function releaseNotes(changelog: string, version: string): string | undefined;
