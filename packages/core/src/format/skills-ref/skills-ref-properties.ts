import { pythonJsonDumps } from './python-json-dumps.js';
import type { StrictYamlValue } from './strict-yaml-value.js';

/**
 * The reference's `SkillProperties`: `name` and `description` are stripped strings; the optional
 * fields are whatever strictyaml read (strings, or block lists and mappings), unchecked.
 */
export interface SkillsRefProperties {
  readonly name: string;
  readonly description: string;
  readonly license?: StrictYamlValue;
  readonly compatibility?: StrictYamlValue;
  readonly allowedTools?: StrictYamlValue;
  readonly metadata?: StrictYamlValue;
}

function isEmpty(value: StrictYamlValue): boolean {
  if (typeof value === 'string') return value === '';
  return value instanceof Map ? value.size === 0 : (value as readonly StrictYamlValue[]).length === 0;
}

/**
 * `json.dumps(props.to_dict(), indent=2)`: keys name, description, license, compatibility,
 * allowed-tools, metadata; absent fields left out, and `metadata` also when empty (Python
 * truthiness); non-ASCII escaped as `\uXXXX`.
 * @example skillsRefPropertiesToJson({ name: 'pdf', description: 'Reads PDFs' })
 */
export function skillsRefPropertiesToJson(properties: SkillsRefProperties): string {
  const entries = new Map<string, StrictYamlValue>([
    ['name', properties.name],
    ['description', properties.description],
  ]);
  if (properties.license !== undefined) entries.set('license', properties.license);
  if (properties.compatibility !== undefined) entries.set('compatibility', properties.compatibility);
  if (properties.allowedTools !== undefined) entries.set('allowed-tools', properties.allowedTools);
  if (properties.metadata !== undefined && !isEmpty(properties.metadata))
    entries.set('metadata', properties.metadata);
  return pythonJsonDumps(entries);
}
