import type { Diagnostic, Place } from '../errors.js';
import type { FormulaInput } from './formula-schema.js';

/** A formula file after parsing and schema validation, before cook. */
export interface ParsedFormula {
  /** The file name as given, used in every message about it. */
  file: string;
  format: 'toml' | 'json';
  data: FormulaInput;
  /** Unknown keys and other non-fatal findings, each with its place. */
  warnings: Diagnostic[];
  /** An overlay (`[[step-overrides]]` only) is not a formula: it only modifies one at cook time. */
  isOverlay: boolean;
  /** Where a key path (as zod reports paths: `['steps', 3, 'needs', 0]`) stands in the file; the nearest existing ancestor when the key itself is absent. */
  locate(path: readonly PropertyKey[]): Place;
}
