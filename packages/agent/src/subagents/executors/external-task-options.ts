/** Options of `startExternalTask`: limits and the platform, with the defaults in the fields' docs. */
export interface ExternalTaskOptions {
  /** The platform judged by the native-Windows check; default `process.platform`. */
  readonly platform?: NodeJS.Platform;
  /** Between SIGTERM and SIGKILL when a task is cancelled or closed; default 2000 ms. */
  readonly killGraceMs?: number;
  /** The largest JSON-RPC message accepted from the executor; default 4 MiB. A larger one ends the task. */
  readonly maxMessageBytes?: number;
  /** The answer kept per turn (head and tail, the middle marked as omitted); default 100 000 characters. */
  readonly maxAnswerCharacters?: number;
}

/** {@link ExternalTaskOptions} with every default filled in. */
export type ExternalTaskLimits = Required<Omit<ExternalTaskOptions, 'platform'>>;

/** Fills in the defaults of {@link ExternalTaskOptions}. */
export function externalTaskLimits({
  killGraceMs = 2000,
  maxMessageBytes = 4 * 1024 * 1024,
  maxAnswerCharacters = 100_000,
}: ExternalTaskOptions = {}): ExternalTaskLimits {
  return { killGraceMs, maxMessageBytes, maxAnswerCharacters };
}
