/** A step of `prepareInstall`, in order. */
export type InstallPhase = 'fetch' | 'extract' | 'parse' | 'stage';

/**
 * Progress of `prepareInstall`, for spinners and progress bars (SPEC P6). Every phase that runs
 * sends `phase-start`, then any number of `phase-progress`, then `phase-end`.
 */
export type InstallProgressEvent =
  | {
      readonly type: 'phase-start';
      readonly phase: InstallPhase;
      readonly message: string;
      readonly total?: number;
    }
  | {
      readonly type: 'phase-progress';
      readonly phase: InstallPhase;
      readonly completed: number;
      readonly total: number;
    }
  | { readonly type: 'phase-end'; readonly phase: InstallPhase; readonly count: number };
