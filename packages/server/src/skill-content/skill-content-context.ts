import type { ContentLayout } from '../content/index.js';

/** Where skill content lives: the data folder's layout and the builtin skills' folder. */
export interface SkillContentContext {
  readonly layout: ContentLayout;
  readonly builtinDirectory: string;
}

/** Folders an answer must never name (shown as `<data>`). */
export function hiddenRootsOf(context: SkillContentContext): string[] {
  return [context.layout.dataDirectory, context.builtinDirectory];
}
