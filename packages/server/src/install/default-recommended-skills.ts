/** One entry of the recommended list (SPEC Y4): what the install modal offers with one click. */
export interface RecommendedSkill {
  /** Stable id of the entry (a skill id), unique in the list. */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** What a remote install is prepared from: `owner/repo@skill`, a git URL or a well-known site. */
  readonly source: string;
}

/**
 * The recommended list until an admin sets one: the document skills and the skill-writing skill
 * of `anthropics/skills` on GitHub (a host `allowed_hosts` lists by default).
 */
export const DEFAULT_RECOMMENDED_SKILLS: readonly RecommendedSkill[] = Object.freeze([
  {
    id: 'pdf',
    name: 'PDF',
    description: 'Read, extract, fill, merge and create PDF files.',
    source: 'anthropics/skills@pdf',
  },
  {
    id: 'docx',
    name: 'Word documents',
    description: 'Create and edit .docx documents with tracked changes and comments.',
    source: 'anthropics/skills@docx',
  },
  {
    id: 'xlsx',
    name: 'Spreadsheets',
    description: 'Build and analyse .xlsx spreadsheets with formulas and charts.',
    source: 'anthropics/skills@xlsx',
  },
  {
    id: 'pptx',
    name: 'Presentations',
    description: 'Create and edit .pptx slide decks.',
    source: 'anthropics/skills@pptx',
  },
  {
    id: 'skill-creator',
    name: 'Skill creator',
    description: 'Helps write, test and improve a new skill.',
    source: 'anthropics/skills@skill-creator',
  },
]);

/** The skills directory searched until an admin sets another: the one the `skills` CLI searches. */
export const DEFAULT_SKILLS_DIRECTORY_URL = 'https://skills.sh';
