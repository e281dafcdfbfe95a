export type {
  DraftFailure,
  DraftFile,
  DraftSkill,
  InstallDraft,
  InstallSourceType,
  ResolvedSource,
} from './install-draft.js';
