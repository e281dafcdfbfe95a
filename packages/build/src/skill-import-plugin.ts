import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SkilldockError } from '@skilldock/core/errors';
import { isPathInside, relativePathInside } from '@skilldock/core/format';
import { createUnplugin, type UnpluginBuildContext, type UnpluginContext } from 'unplugin';
import { bundleSkillFolder, type SkillImportProfile } from './bundle-skill-folder.js';
import { findDynamicSkillImport } from './find-dynamic-skill-import.js';
import { renderSkillModule, renderTextModule } from './render-skill-module.js';
import { isSkillSpecifier, resolveSkillImport } from './resolve-skill-import.js';
import { SkillImportError } from './skill-import-error.js';

/** Options of the skill import plugin. */
export interface SkillImportOptions {
  /**
   * The project root: relative SKILL.md imports must stay inside it. Default: Vite's `root`, else
   * the working directory.
   */
  readonly root?: string;
  /** The SPEC S3 profile that validates imported SKILL.md files. Default `spec`. */
  readonly profile?: SkillImportProfile;
}

type HookContext = UnpluginBuildContext & UnpluginContext;

/**
 * One plugin for Vite, Rollup and esbuild (through `unplugin`) that makes
 * `import refunds from './skills/refunds/SKILL.md'` a build-time declaration (SPEC I5): the import
 * is validated (errors fail the build at `file:line:column`), the whole folder is bundled under the
 * P2 rules, a dynamic `import()` of a SKILL.md fails the build, and the value is a frozen
 * `BundledSkill` served from memory. Any other `.md` import is its text. In the Vite dev server,
 * a change anywhere in an imported skill's folder reloads the skill.
 * @example
 * // vite.config.ts
 * import { skilldockSkills } from '@skilldock/build';
 * export default { plugins: [skilldockSkills.vite()] };
 */
export const skilldockSkills = createUnplugin((options: SkillImportOptions | undefined) => {
  let root = path.resolve(options?.root ?? process.cwd());
  // Skill folder → its SKILL.md, for the dev server's reloads.
  const skillFolders = new Map<string, string>();

  return {
    name: 'skilldock-skills',
    enforce: 'pre',

    resolveId: {
      filter: { id: /(^|\/)SKILL\.md$/ },
      handler(this: HookContext, specifier: string, importer: string | undefined) {
        if (!isSkillSpecifier(specifier)) return undefined;
        try {
          return resolveSkillImport(specifier, importer, { root });
        } catch (error) {
          fail(this, error, importer);
          // esbuild only: the error is collected, and a resolution must carry it to the build.
          return { id: specifier, external: true };
        }
      },
    },

    load: {
      filter: { id: /\.md$/ },
      async handler(this: HookContext, id: string) {
        if (path.basename(id) !== 'SKILL.md') {
          this.addWatchFile(id);
          return { code: renderTextModule(await readFile(id, 'utf8')), moduleType: 'js' };
        }
        try {
          const bundle = await bundleSkillFolder(id, { profile: options?.profile ?? 'spec' });
          for (const file of bundle.watchFiles) this.addWatchFile(file);
          for (const warning of bundle.warnings) this.warn(warning);
          skillFolders.set(path.dirname(id), id);
          return { code: renderSkillModule(bundle, moduleName(id, root)), moduleType: 'js' };
        } catch (error) {
          fail(this, error, id);
          return { code: 'export default undefined;\n', moduleType: 'js' };
        }
      },
    },

    transform: {
      filter: { id: /\.[cm]?[jt]sx?$/, code: 'SKILL.md' },
      handler(this: HookContext, code: string, id: string) {
        const found = findDynamicSkillImport(code, id);
        if (found === undefined) return undefined;
        fail(
          this,
          new SkillImportError(
            'skill_import_dynamic',
            `import('${found.specifier}') is dynamic; skill imports must be static (import x from '…/SKILL.md') so the build can validate and bundle them`,
            found,
          ),
          id,
        );
        return { code };
      },
    },

    vite: {
      configResolved(config) {
        if (options?.root === undefined) root = path.resolve(config.root);
      },
      configureServer(server) {
        const reload = (file: string) => {
          const changed = path.resolve(file);
          for (const [folder, skillFile] of skillFolders) {
            if (!isPathInside(changed, folder)) continue;
            for (const environment of Object.values(server.environments)) {
              for (const module of environment.moduleGraph.getModulesByFile(skillFile) ?? []) {
                environment.moduleGraph.invalidateModule(module);
                void environment.reloadModule(module);
              }
            }
          }
        };
        server.watcher.on('add', reload);
        server.watcher.on('change', reload);
        server.watcher.on('unlink', reload);
      },
    },
  };
});

/** A name for the module that says where it came from without the build machine's folders. */
function moduleName(skillFile: string, root: string): string {
  const relative = relativePathInside(root, skillFile);
  return relative === undefined ? path.basename(path.dirname(skillFile)) : relative.split(path.sep).join('/');
}

/**
 * Fail the build: Rollup and Vite throw from `this.error`; esbuild collects the error, so the hook
 * still returns (the caller's placeholder) and esbuild reports it.
 */
function fail(context: HookContext, error: unknown, id: string | undefined): void {
  if (!(error instanceof SkilldockError)) throw error;
  const location = error instanceof SkillImportError ? error.location : undefined;
  context.error({
    message: `[${error.code}] ${error.message}`,
    ...(id === undefined ? {} : { id }),
    ...(location === undefined
      ? {}
      : { loc: { file: location.file, line: location.line, column: location.column - 1 } }),
  });
}
