import { build as esbuild } from 'esbuild';
import { type Plugin as RollupPlugin, rollup } from 'rollup';
import { createLogger, build as viteBuild } from 'vite';
import { type SkillImportOptions, skilldockEsbuild, skilldockRollup, skilldockVite } from '../src/index.js';

/** The three bundlers the plugin ships for. */
export const BUNDLERS = ['vite', 'rollup', 'esbuild'] as const;
export type Bundler = (typeof BUNDLERS)[number];

/**
 * esbuild's usual banner for an ES module bundle of CommonJS code that requires Node built-ins
 * (core's dependencies do): a real `require` for them.
 */
export const NODE_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** One bundle's code and the warnings the build printed. */
export interface BundleOutput {
  readonly code: string;
  readonly warnings: readonly string[];
}

/** What to build: an entry module, the plugin's options, and modules to resolve to files. */
export interface BundleRequest {
  readonly entry: string;
  readonly root: string;
  readonly options?: SkillImportOptions;
  /** Bare specifiers resolved to files (Rollup has no Node resolution of its own). */
  readonly aliases?: Readonly<Record<string, string>>;
  /** Code esbuild puts first (e.g. {@link NODE_REQUIRE_BANNER}). */
  readonly banner?: string;
}

/**
 * Build one ES module with a real Vite (SSR, everything bundled), Rollup or esbuild build and our
 * plugin, in memory. A failed build rejects with the bundler's own error.
 */
export async function bundleWith(bundler: Bundler, request: BundleRequest): Promise<BundleOutput> {
  const { entry, root, options = { root }, aliases = {}, banner } = request;
  const warnings: string[] = [];
  if (bundler === 'esbuild') {
    const result = await esbuild({
      entryPoints: [entry],
      absWorkingDir: root,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      logLevel: 'silent',
      alias: { ...aliases },
      ...(banner === undefined ? {} : { banner: { js: banner } }),
      plugins: [skilldockEsbuild(options)],
    });
    for (const warning of result.warnings) warnings.push(warning.text);
    return { code: result.outputFiles[0]?.text ?? '', warnings };
  }
  if (bundler === 'rollup') {
    const alias: RollupPlugin = {
      name: 'test-aliases',
      resolveId: (id) => aliases[id] ?? null,
    };
    const bundle = await rollup({
      input: entry,
      plugins: [alias, skilldockRollup(options)],
      onwarn: (warning) => {
        warnings.push(warning.message);
      },
    });
    try {
      const { output } = await bundle.generate({ format: 'es', inlineDynamicImports: true });
      return { code: output[0].code, warnings };
    } finally {
      await bundle.close();
    }
  }
  const logger = createLogger('silent');
  logger.warn = (message) => {
    warnings.push(message);
  };
  const result = await viteBuild({
    root,
    configFile: false,
    logLevel: 'silent',
    customLogger: logger,
    plugins: [skilldockVite(options)],
    resolve: { alias: { ...aliases } },
    ssr: { noExternal: true },
    build: { ssr: entry, write: false, minify: false, emptyOutDir: false },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs
    .flatMap((output) => ('output' in output ? output.output : []))
    .find((item) => item.type === 'chunk');
  return { code: chunk && 'code' in chunk ? chunk.code : '', warnings };
}
