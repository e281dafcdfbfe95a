/**
 * What the reference's strictyaml reading produces: every scalar is a string, block mappings keep
 * their authored key order (a `Map`, so keys like `"1"` are not reordered as object keys would be),
 * block sequences are arrays.
 */
export type StrictYamlValue = string | readonly StrictYamlValue[] | StrictYamlMapping;

/** A YAML block mapping in authored order. */
export type StrictYamlMapping = ReadonlyMap<string, StrictYamlValue>;

/** True for a mapping (Python `dict`). */
export function isStrictYamlMapping(value: StrictYamlValue | undefined): value is StrictYamlMapping {
  return value instanceof Map;
}
