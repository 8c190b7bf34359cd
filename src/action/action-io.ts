/**
 * What a mode may say to the workflow run: log lines, annotations, outputs and the job summary.
 * The modes talk to this interface, never to @actions/core, so tests call them as functions and
 * read what they said (core-io.ts is the one adapter to the runner's workflow commands).
 */

/** Where an annotation points: GitHub shows it on that line of the pull request's diff. */
export interface AnnotationPlace {
  file?: string;
  line?: number;
  col?: number;
  title?: string;
}

export const OUTPUT_NAMES = [
  'molecule',
  'step',
  'status',
  'branch',
  'base',
  'prompt',
  'cost-usd',
  'tokens',
  'budget',
] as const;
export type OutputName = (typeof OUTPUT_NAMES)[number];
export type Outputs = Partial<Record<OutputName, string>>;

export interface ActionIO {
  debug(text: string): void;
  info(text: string): void;
  /** Raw text for the log, as a step's command printed it (not cut into lines). */
  write(chunk: string): void;
  notice(text: string, place?: AnnotationPlace): void;
  warning(text: string, place?: AnnotationPlace): void;
  error(text: string, place?: AnnotationPlace): void;
  /** Markdown appended to the job summary. */
  summary(markdown: string): Promise<void>;
}

/** What a mode hands back to `run()`: its outputs, and why the job fails when it does. */
export interface ModeResult {
  outputs: Outputs;
  /** Set when the job must fail (`core.setFailed`); the sentence says why and what to do. */
  failure?: string;
}
