/**
 * `npm run bundle -w packages/cli` (part of `npm run build`, after `tsc -b`): bundles the CLI that
 * `bin/skilldock.js` starts into `dist/bundle/` with esbuild. Unbundled, a one-turn `run` loaded ~830
 * modules, and resolving, reading and compiling each was most of its start-up (issue 28). The bundle
 * is an entry plus chunks split at every `import()` the sources already use to load a command or a
 * stage of core late, so `--version` reads one small file and `run` only the chunks it needs. The
 * library entries (`dist/index.js`, the other packages) stay as tsc wrote them.
 *
 * Left outside the bundle, loaded from node_modules when used: the server and the web app (their
 * own `import.meta.url`-relative files: migrations, builtin skills, the sandbox wrapper, the web
 * assets), the MCP and ACP SDKs, linkedom (optional native canvas), and what the sources load with
 * `createRequire` (large data: pinyin, the token encoder, homoglyphs). Every one of them must be a
 * dependency of this package so it resolves from `dist/bundle/` in any install layout: the build
 * fails naming any that is not.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const outputFolder = path.join(packageRoot, 'dist', 'bundle');

/** Packages imported by name at run time instead of bundled (see the file comment). */
const EXTERNAL = [
  '@skilldock/server',
  '@skilldock/web',
  '@modelcontextprotocol/sdk',
  '@agentclientprotocol/sdk',
  'linkedom',
  // CommonJS whose exports esbuild's interop loses (`undici.Agent is not a constructor` from the
  // bundle): Node's own ESM-from-CJS loading finds them.
  'undici',
];

// Bundled CommonJS modules call `require` for Node's built-ins and for the packages left outside;
// an ES module has none, so each output file gets one bound to its own location.
const REQUIRE_BANNER =
  "import { createRequire as __skilldockCreateRequire } from 'node:module'; const require = __skilldockCreateRequire(import.meta.url);";

/**
 * zod's `z` namespace carries `z.locales`, every language's error messages (~360 KB), and esbuild
 * keeps all of them once `z` is used as a value. The CLI only ever uses the English default that
 * zod sets itself, so in the bundle `z.locales` holds `en` alone; the library entries are untouched.
 * @type {import('esbuild').Plugin}
 */
const englishZodLocales = {
  name: 'english-zod-locales',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      /[\\/]zod[\\/]v4[\\/](?:classic|core|mini)[\\/]\w+\.js$/.test(importer)
        ? {
            path: path.join(path.dirname(importer), '..', 'locales', 'en.js'),
            namespace: 'english-zod-locales',
          }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'english-zod-locales' }, ({ path: english }) => ({
      contents: `export { default as en } from ${JSON.stringify(english)};`,
      resolveDir: path.dirname(english),
      loader: 'js',
    }));
  },
};

/** `import { a, b as c } from '@skilldock/core/install';` in tsc's output (one statement, any layout). */
const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'(@skilldock\/(?:core|agent)\/[\w/-]+)';/g;
/** `export { a, b as c, } from './file.js';` in a barrel (a stage's `index.js`). */
const BARREL_EXPORT = /export\s*\{([^}]*)\}\s*from\s*'(\.[^']+)';/g;

/** `a`, `a as b` → [imported, local] pairs; type-only names never reach tsc's output. */
function namedBindings(list) {
  return list
    .split(',')
    .map((binding) => binding.trim())
    .filter((binding) => binding !== '')
    .map((binding) => {
      const [imported, local = imported] = binding.split(/\s+as\s+/);
      return [imported, local];
    });
}

/**
 * Imports that name a stage of core or the agent (`@skilldock/core/package`) go straight to the
 * files that define the names. esbuild splits code by the files each entry can reach, and a stage's
 * `index.js` that a command loads with `import()` is an entry: through it every module of the stage
 * became part of whatever imported one name from it, so a one-turn `run` loaded the archive readers
 * (tar, yauzl, yazl) and the install stage behind `classifyPackageFile` and `isLoopbackHost` (issue
 * 28). Same modules, same instances: only the barrel in between is skipped, and a name the barrel
 * does not re-export from a file of its own (`export *`) keeps its import from the barrel.
 * @type {import('esbuild').Plugin}
 */
const importsPastBarrels = {
  name: 'imports-past-barrels',
  setup(build) {
    const barrels = new Map();
    const exportsOf = async (barrel) => {
      let names = barrels.get(barrel);
      if (names === undefined) {
        names = new Map();
        for (const [, list, from] of (await readFile(barrel, 'utf8')).matchAll(BARREL_EXPORT)) {
          const file = path.resolve(path.dirname(barrel), from);
          for (const [imported, exported] of namedBindings(list)) names.set(exported, { file, imported });
        }
        barrels.set(barrel, names);
      }
      return names;
    };
    build.onLoad(
      { filter: /[\\/]packages[\\/](?:core|agent|cli)[\\/]dist[\\/].*\.js$/ },
      async ({ path: file }) => {
        const text = await readFile(file, 'utf8');
        const statements = [...text.matchAll(BARREL_IMPORT)];
        if (statements.length === 0) return undefined;
        let rewritten = '';
        let last = 0;
        for (const statement of statements) {
          const [whole, list, specifier] = statement;
          const resolved = await build.resolve(specifier, {
            kind: 'import-statement',
            resolveDir: path.dirname(file),
          });
          const names = resolved.errors.length === 0 ? await exportsOf(resolved.path) : new Map();
          const direct = [];
          const kept = [];
          for (const [imported, local] of namedBindings(list)) {
            const source = names.get(imported);
            if (source === undefined) kept.push(imported === local ? imported : `${imported} as ${local}`);
            else
              direct.push(`import { ${source.imported} as ${local} } from ${JSON.stringify(source.file)};`);
          }
          if (kept.length > 0) direct.push(`import { ${kept.join(', ')} } from '${specifier}';`);
          rewritten += text.slice(last, statement.index) + direct.join(' ');
          last = statement.index + whole.length;
        }
        return { contents: rewritten + text.slice(last), loader: 'js', resolveDir: path.dirname(file) };
      },
    );
  },
};

/** fdir 6's import-time load of its optional glob matcher, and the one place that uses it. */
const FDIR_EAGER_PICOMATCH =
  /try \{\s*__require\.resolve\("picomatch"\);\s*pm = __require\("picomatch"\);\s*\} catch \{\}/;
const FDIR_GLOB_FUNCTION = 'const globFn = this.globFunction || pm;';

/**
 * fdir requires picomatch from node_modules when it is imported, for `.glob()` without a glob
 * function of its own, which nothing here calls: ~10 ms of CommonJS loading in every command that
 * walks files, a one-turn `run` among them (issue 28). In the bundle it is required the first time
 * such a `.glob()` asks for it instead, with the same fallback to none. The build fails when fdir's
 * code no longer reads as expected, so an upgrade cannot silently bring the eager load back.
 * @type {import('esbuild').Plugin}
 */
const fdirLazyPicomatch = {
  name: 'fdir-lazy-picomatch',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]node_modules[\\/]fdir[\\/]dist[\\/]index\.mjs$/ },
      async ({ path: file }) => {
        const text = await readFile(file, 'utf8');
        if (!FDIR_EAGER_PICOMATCH.test(text) || !text.includes(FDIR_GLOB_FUNCTION))
          return { errors: [{ text: `fdir-lazy-picomatch: ${file} no longer loads picomatch as expected` }] };
        const lazy = text
          .replace(
            FDIR_EAGER_PICOMATCH,
            'function loadPicomatch() { if (pm === null) { try { __require.resolve("picomatch"); pm = __require("picomatch"); } catch {} } return pm; }',
          )
          .replace(FDIR_GLOB_FUNCTION, 'const globFn = this.globFunction || loadPicomatch();');
        return { contents: lazy, loader: 'js', resolveDir: path.dirname(file) };
      },
    );
  },
};

await rm(outputFolder, { recursive: true, force: true });
const result = await build({
  absWorkingDir: packageRoot,
  entryPoints: { skilldock: 'dist/main.js' },
  outdir: outputFolder,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.12',
  external: EXTERNAL,
  plugins: [englishZodLocales, importsPastBarrels, fdirLazyPicomatch],
  banner: { js: REQUIRE_BANNER },
  // The licence comments of the bundled packages stay, at the end of each file that holds them.
  legalComments: 'eof',
  metafile: true,
  logLevel: 'warning',
  // agent's index imports its (empty) error-codes module for its declarations alone; dropping it is right.
  logOverride: { 'ignored-bare-import': 'silent' },
});

// For a look at what went where (esbuild's analyzer reads it): SKILLDOCK_BUNDLE_METAFILE=<file>.
if (process.env.SKILLDOCK_BUNDLE_METAFILE)
  await writeFile(process.env.SKILLDOCK_BUNDLE_METAFILE, JSON.stringify(result.metafile));
const manifest = JSON.parse(await readFile(path.join(packageRoot, 'package.json'), 'utf8'));
const declared = new Set(Object.keys(manifest.dependencies ?? {}));
const undeclared = new Map();
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  const names = output.imports.filter((entry) => entry.external).map((entry) => entry.path);
  if (file.endsWith('.js'))
    names.push(...requiredByName(await readFile(path.join(packageRoot, file), 'utf8')));
  for (const name of names) {
    const packageName = packageOf(name);
    if (packageName !== undefined && !declared.has(packageName)) undeclared.set(packageName, file);
  }
}
if (undeclared.size > 0) {
  for (const [name, file] of undeclared)
    process.stderr.write(`bundle-cli: ${file} loads '${name}' at run time, but it is not in dependencies\n`);
  process.exit(1);
}
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
process.stdout.write(
  `bundle-cli: ${Object.keys(result.metafile.outputs).length} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${path.relative(packageRoot, outputFolder)}\n`,
);

/**
 * The names a bundled file still loads with `require("…")` or `createRequire(import.meta.url)("…")`:
 * esbuild bundles every require it can resolve, so a string left in a call is loaded at run time.
 */
function requiredByName(text) {
  const pattern = /(?:\b__require|\brequire\d*|createRequire\d*\(import\.meta\.url\))\(\s*"([^"]+)"\s*\)/g;
  return [...text.matchAll(pattern)].map((match) => match[1]);
}

/** `@scope/name` or `name` of a bare specifier; undefined for Node's built-ins and relative paths. */
function packageOf(specifier) {
  if (specifier.startsWith('node:') || specifier.startsWith('.') || specifier.startsWith('/'))
    return undefined;
  const segments = specifier.split('/');
  const name = specifier.startsWith('@') ? segments.slice(0, 2).join('/') : segments[0];
  return builtinModules.includes(name) ? undefined : name;
}
