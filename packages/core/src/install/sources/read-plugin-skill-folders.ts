import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isPathInside } from '../../format/is-path-inside.js';

const relativePath = z.string().refine((value) => value.startsWith('./'));

/** `.claude-plugin/marketplace.json`: the parts the `skills` CLI reads. */
const marketplaceSchema = z.object({
  metadata: z.object({ pluginRoot: z.string().optional() }).loose().optional(),
  plugins: z
    .array(
      z
        .object({
          name: z.string().optional(),
          source: z.unknown().optional(),
          skills: z.array(z.unknown()).optional(),
        })
        .loose(),
    )
    .optional(),
});

/** `.claude-plugin/plugin.json`: a single plugin at the root. */
const pluginSchema = z.object({ skills: z.array(z.unknown()).optional() }).loose();

const MAX_MANIFEST_BYTES = 1024 * 1024;

/**
 * Folders a Claude Code plugin marketplace (`.claude-plugin/marketplace.json`) or plugin
 * (`.claude-plugin/plugin.json`) says hold skills (SPEC P4), following the `skills` CLI: for each
 * plugin, the parent of every listed `./` skill path and the plugin's `skills/` folder. Paths that are
 * not `./`-relative or that leave `root` are ignored. A broken manifest adds a warning.
 */
export async function readPluginSkillFolders(
  root: string,
): Promise<{ readonly folders: readonly string[]; readonly warnings: readonly string[] }> {
  const folders: string[] = [];
  const warnings: string[] = [];
  const add = (pluginBase: string, skills: readonly unknown[] | undefined) => {
    if (!isPathInside(pluginBase, root)) return;
    for (const skillPath of skills ?? []) {
      if (!relativePath.safeParse(skillPath).success) continue;
      const folder = path.dirname(path.join(pluginBase, skillPath as string));
      if (isPathInside(folder, root)) folders.push(folder);
    }
    folders.push(path.join(pluginBase, 'skills'));
  };

  const marketplace = await readManifest(root, 'marketplace.json', marketplaceSchema, warnings);
  const pluginRoot = marketplace?.metadata?.pluginRoot;
  if (marketplace && (pluginRoot === undefined || relativePath.safeParse(pluginRoot).success))
    for (const plugin of marketplace.plugins ?? []) {
      if (plugin.source !== undefined && !relativePath.safeParse(plugin.source).success) continue;
      add(path.join(root, pluginRoot ?? '', (plugin.source as string | undefined) ?? ''), plugin.skills);
    }
  const plugin = await readManifest(root, 'plugin.json', pluginSchema, warnings);
  if (plugin) add(root, plugin.skills);
  return { folders: [...new Set(folders)], warnings };
}

async function readManifest<Schema extends z.ZodType>(
  root: string,
  name: string,
  schema: Schema,
  warnings: string[],
): Promise<z.infer<Schema> | undefined> {
  const file = path.join(root, '.claude-plugin', name);
  let text: string;
  try {
    // Never follow a link out of the tree being searched.
    if (!(await lstat(file)).isFile()) return undefined;
    const bytes = await readFile(file);
    if (bytes.byteLength > MAX_MANIFEST_BYTES) {
      warnings.push(`Ignored .claude-plugin/${name}: larger than 1 MiB.`);
      return undefined;
    }
    text = bytes.toString('utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Reported below, like a schema mismatch.
  }
  warnings.push(`Ignored .claude-plugin/${name}: not the expected JSON.`);
  return undefined;
}
