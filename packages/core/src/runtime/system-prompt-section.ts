import type { CatalogFormat } from '../catalog/catalog-formats.js';
import { renderCatalog } from '../catalog/render-catalog.js';
import type { CatalogBudget, CatalogSkill } from '../catalog/types.js';
import type { Skill } from '../format/types.js';
import { formatActivationBrief } from './activation-brief.js';
import { ACTIVATE_SKILL_TOOL, READ_SKILL_RESOURCE_TOOL } from './tool-declarations.js';

/** What goes into the system prompt section. */
export interface SystemPromptSectionInput {
  /** Skills the model may activate, in catalog order (alphabetical by id, D5). */
  readonly visible: readonly CatalogSkill[];
  /** Skills active from the first turn (R8), whose instructions are included in full. */
  readonly preloaded: readonly Skill[];
  readonly withResources: boolean;
  readonly format: CatalogFormat;
  readonly budget?: CatalogBudget;
}

/**
 * The catalog section of the system prompt plus short guidance (SPEC R1, D8, R8). A session computes
 * it once; it never changes afterwards. Empty when there is nothing to show.
 */
export function renderSystemPromptSection(input: SystemPromptSectionInput): string {
  const parts: string[] = [];
  if (input.visible.length > 0) {
    const rendered = renderCatalog(input.visible, {
      format: input.format,
      ...(input.budget === undefined ? {} : { budget: input.budget }),
    });
    const readHint = input.withResources
      ? ` Read a skill's supporting files with ${READ_SKILL_RESOURCE_TOOL} at the exact paths it lists.`
      : '';
    parts.push(
      [
        '## Skills',
        `Skills give you specialised instructions. When a task matches a skill's description, call ${ACTIVATE_SKILL_TOOL} with its id before starting the task; do not guess its contents from the description.${readHint} New or changed skills are announced later in the conversation.`,
        '',
        rendered.text.trimEnd(),
      ].join('\n'),
    );
  }
  if (input.preloaded.length > 0) {
    parts.push(
      ['## Active skills', 'These skills are already active; follow their instructions when they apply.', '']
        .concat(
          input.preloaded
            .map((skill) => formatActivationBrief(skill, { resourceTool: input.withResources }))
            .join('\n\n'),
        )
        .join('\n'),
    );
  }
  return parts.join('\n\n');
}
