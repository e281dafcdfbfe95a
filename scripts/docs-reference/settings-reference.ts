import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { settingsSchema } from '../../packages/core/src/discover/settings.js';
import { cell, code, page, readerText, table } from './markdown.js';

const SETTINGS_SOURCE = path.resolve(import.meta.dirname, '../../packages/core/src/discover/settings.ts');

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
};

/**
 * What each key means, from the "Keys:" list in the TSDoc of `Settings` (the schema carries no
 * descriptions): a bullet naming one or more keys in backticks, then its text.
 */
function keyDescriptions(): Map<string, string> {
  const text = readFileSync(SETTINGS_SOURCE, 'utf8');
  const doc = /Keys:\n([\s\S]*?)\n \* Trust is not a setting/.exec(text)?.[1] ?? '';
  const bullets = doc
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, ''))
    .join('\n')
    .split(/\n(?=- )/);
  const descriptions = new Map<string, string>();
  for (const bullet of bullets) {
    const lead = /^- ((?:`[^`]+`(?: \(top level\))?(?:, )?)+)\s*—?\s*/.exec(bullet.trim());
    if (lead === null) continue;
    const keys = [...lead[1]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    const description = bullet.trim().slice(lead[0].length).replace(/\s+/g, ' ').trim();
    for (const key of keys) descriptions.set(key, description);
  }
  return descriptions;
}

/** The type of a schema as a reader writes it: `string`, `integer`, `"auto" \| "off"`, `string[]`. */
function typeOf(schema: JsonSchema): string {
  if (schema.enum !== undefined) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf !== undefined) return schema.anyOf.map(typeOf).join(' | ');
  if (schema.type === 'array') return `${schema.items === undefined ? 'unknown' : typeOf(schema.items)}[]`;
  if (schema.type === 'object') return 'object';
  return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
}

/** The constraints zod checks, in words. */
function constraintsOf(schema: JsonSchema): string {
  const target = schema.type === 'array' && schema.items !== undefined ? schema.items : schema;
  const parts: string[] = [];
  if (target.minLength !== undefined && target.minLength > 1)
    parts.push(`at least ${target.minLength} characters`);
  if (target.maxLength !== undefined) parts.push(`at most ${target.maxLength} characters`);
  if (target.exclusiveMinimum === 0) parts.push('positive');
  if (target.minimum !== undefined) parts.push(`≥ ${target.minimum}`);
  if (target.maximum !== undefined && target.maximum < Number.MAX_SAFE_INTEGER)
    parts.push(`≤ ${target.maximum}`);
  if (target.format === 'uri') parts.push('an http(s) URL');
  if (target.pattern !== undefined) parts.push(`matches ${code(target.pattern)}`);
  return parts.join(', ');
}

interface Row {
  readonly key: string;
  readonly schema: JsonSchema;
}

/** Every key of the schema, depth first; a map's entries appear as `<name>`. */
function rows(schema: JsonSchema, prefix: string): Row[] {
  const result: Row[] = [];
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const key = prefix === '' ? name : `${prefix}.${name}`;
    result.push({ key, schema: child });
    result.push(...rows(child, key));
    if (typeof child.additionalProperties === 'object') {
      const entry = child.additionalProperties;
      const variants = entry.anyOf ?? [entry];
      for (const variant of variants) {
        if (variant.properties !== undefined) result.push(...rows(variant, `${key}.<name>`));
      }
    }
  }
  return result;
}

/** `reference/settings.md`: every key of a settings file, its type and constraints, from the zod schema. */
export function settingsReferencePage(): string {
  const schema = z.toJSONSchema(settingsSchema, { unrepresentable: 'any' }) as JsonSchema;
  const descriptions = keyDescriptions();
  const body = table(
    ['key', 'type', 'checked', 'meaning'],
    rows(schema, '').map(({ key, schema: child }) => {
      const mapOf = typeof child.additionalProperties === 'object' ? child.additionalProperties : undefined;
      const type = mapOf === undefined ? typeOf(child) : `map of ${typeOf(mapOf)}`;
      const keyRule = child.propertyNames === undefined ? '' : constraintsOf(child.propertyNames);
      const checked = [keyRule === '' ? '' : `keys: ${keyRule}`, constraintsOf(mapOf ?? child)]
        .filter((part) => part !== '')
        .join('; ');
      return [code(key), code(type), cell(checked), cell(readerText(descriptions.get(key) ?? ''))];
    }),
  );
  return page(
    'Settings reference',
    [
      'The keys of `<project>/.skilldock/settings.json` and `~/.skilldock/settings.json`, read from the',
      'schema every settings file is checked against. The project file wins key by key; keys marked',
      '"user file only" are ignored in a project file, so a cloned project cannot change them. An',
      'unknown key or a value the schema refuses is reported as a warning naming the file, line and',
      'column, and that file’s other keys still apply. How the settings are used is in the',
      '[Settings guide](../guide/settings).',
    ].join('\n'),
    body,
  );
}
