/** Types for scripts/gen-schema.mjs, so the schema test can call it from TypeScript. */
export declare const SCHEMA_FILE: string;
export declare function buildSchema(): Promise<Record<string, unknown>>;
export declare function schemaFileText(): Promise<string>;
