import { join } from 'node:path';
import type { Skill } from '../format/types.js';
import { escapeXml } from './escape-xml.js';

/** Catalog text formats (SPEC D8). */
export type CatalogFormat = 'xml' | 'markdown' | 'skills-ref';

/** What a renderer needs of a skill. */
export type RenderableSkill = Pick<Skill, 'id' | 'name' | 'description'> &
  Partial<Pick<Skill, 'skillFile' | 'directory' | 'fields'>>;

/** How one format lays out a catalog; every entry ends with a newline. */
export interface CatalogLayout {
  readonly header: string;
  readonly footer: string;
  /** The description as this format shows it before shortening. */
  description(skill: RenderableSkill): string;
  /** One skill's lines, with the (possibly shortened) description. */
  entry(skill: RenderableSkill, description: string): string;
  /** The one line saying what the budget cut. */
  notice(summary: string): string;
}

const SINGLE_LINE = /\s+/g;

/**
 * The layouts:
 * - `skills-ref`: the reference `to-prompt` XML, one tag or value per line, the skill file as location;
 * - `xml`: compact, one `<skill name="id">description</skill>` line per skill;
 * - `markdown`: one `- **id**: description` line per skill.
 */
export const CATALOG_LAYOUTS: Readonly<Record<CatalogFormat, CatalogLayout>> = {
  'skills-ref': {
    header: '<available_skills>\n',
    footer: '</available_skills>\n',
    description: (skill) => skill.description,
    entry: (skill, description) =>
      `<skill>\n<name>\n${escapeXml(skill.name)}\n</name>\n<description>\n${escapeXml(description)}\n</description>\n` +
      `<location>\n${skillLocation(skill)}\n</location>\n</skill>\n`,
    notice: (summary) => `<!-- ${summary} -->\n`,
  },
  xml: {
    header: '<available_skills>\n',
    footer: '</available_skills>\n',
    description: (skill) => skill.description.replace(SINGLE_LINE, ' ').trim(),
    entry: (skill, description) => `<skill name="${escapeXml(skill.id)}">${escapeXml(description)}</skill>\n`,
    notice: (summary) => `<!-- ${summary} -->\n`,
  },
  markdown: {
    header: '',
    footer: '',
    description: (skill) => skill.description.replace(SINGLE_LINE, ' ').trim(),
    entry: (skill, description) => `- **${skill.id}**: ${description}\n`,
    notice: (summary) => `_(${summary})_\n`,
  },
};

/** The skill file path; inline skills use their virtual path (SPEC R4). */
function skillLocation(skill: RenderableSkill): string {
  if (skill.skillFile !== undefined) return skill.skillFile;
  if (skill.directory !== undefined) return join(skill.directory, 'SKILL.md');
  return `/.skills/${skill.id}/SKILL.md`;
}
