/**
 * The dependency rules `npm run lint` enforces (DESIGN.md): packages point one way
 * (cli → server → agent → core, build → core), core's stages point down (format ← catalog ← discover, format ← package ←
 * install, catalog ← runtime), nothing reaches into another package's source, and no cycles.
 */
const stage = (name) => `^packages/core/src/${name}/`;
const agentFolder = (name) => `^packages/agent/src/${name}/`;
const serverFolder = (name) => `^packages/server/src/${name}/`;
const webFolder = (name) => `^packages/web/src/${name}/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle ties modules together so that neither can be read, tested or moved alone.',
      from: { path: '^packages/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-type-cycles',
      severity: 'error',
      comment: 'Type-only cycles too: they are how a runtime cycle starts.',
      from: { path: '^packages/' },
      to: { circular: true },
    },
    {
      name: 'core-depends-on-nothing-of-ours',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: {
        path: '^packages/(agent|cli|server|web|build)/|^node_modules/@skilldock/(agent|server|web|build)|^node_modules/skilldock',
      },
    },
    {
      name: 'agent-depends-on-core-only',
      severity: 'error',
      from: { path: '^packages/agent/' },
      to: {
        path: '^packages/(cli|server|web)/|^node_modules/@skilldock/(server|web)|^node_modules/skilldock',
      },
    },
    {
      name: 'server-depends-on-agent-and-core-only',
      severity: 'error',
      comment: 'The server sits under the CLI: it never imports the command or the web app.',
      from: { path: '^packages/server/' },
      to: { path: '^packages/(cli|web)/|^node_modules/@skilldock/web|^node_modules/skilldock' },
    },
    {
      name: 'build-depends-on-core-only',
      severity: 'error',
      comment: 'The build plugin validates and bundles with core alone (DESIGN.md: build → core).',
      from: { path: '^packages/build/' },
      to: {
        path: '^packages/(agent|cli|server|web)/|^node_modules/@skilldock/(agent|server|web)|^node_modules/skilldock',
      },
    },
    {
      name: 'web-talks-to-the-server-over-http-only',
      severity: 'error',
      comment:
        'The web app runs in the browser: it uses the API over HTTP (types generated from /openapi.json) and may import only the browser-safe core subpaths (format, widgets, errors, csrf-header) — never the server, agent, build, CLI or Node built-ins.',
      from: { path: '^packages/web/src/' },
      to: {
        path: '^packages/(agent|cli|server|build)/|^node_modules/@skilldock/(agent|server|build)|^node_modules/skilldock|^packages/core/src/(?!format/|widgets/|errors\\.ts$|csrf-header\\.ts$)|^node_modules/@skilldock/core/(?!dist/(format/|widgets/|errors\\.|csrf-header\\.))',
      },
    },
    {
      name: 'web-uses-no-node-built-ins',
      severity: 'error',
      from: { path: '^packages/web/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-reaching-into-another-package',
      severity: 'error',
      comment: 'Each package exports a deliberate API; import it by name, never by a path into its source.',
      from: { path: '^packages/([^/]+)/' },
      to: { path: '^packages/([^/]+)/src/', pathNot: '^packages/$1/' },
    },
    {
      name: 'widgets-stand-alone',
      severity: 'error',
      comment: 'The widget schema is browser-safe and shared: zod only, no other stage, no Node built-in.',
      from: { path: stage('widgets') },
      to: {
        path: `${stage('(format|discover|catalog|runtime|package|install|fs)')}|^node_modules/(?!zod/)`,
      },
    },
    {
      name: 'widgets-use-no-node-built-ins',
      severity: 'error',
      from: { path: stage('widgets') },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'format-is-the-bottom-stage',
      severity: 'error',
      from: { path: stage('format') },
      to: { path: `${stage('(discover|catalog|runtime|package|install)')}` },
    },
    {
      name: 'catalog-sees-format-only',
      severity: 'error',
      from: { path: stage('catalog') },
      to: { path: `${stage('(discover|runtime|package|install)')}` },
    },
    {
      name: 'discover-sees-format-and-catalog',
      severity: 'error',
      from: { path: stage('discover') },
      to: { path: `${stage('(runtime|package|install)')}` },
    },
    {
      name: 'runtime-sees-format-and-catalog',
      severity: 'error',
      from: { path: stage('runtime') },
      to: { path: `${stage('(discover|package|install)')}` },
    },
    {
      name: 'package-sees-format-only',
      severity: 'error',
      from: { path: stage('package') },
      to: { path: `${stage('(discover|catalog|runtime|install)')}` },
    },
    {
      name: 'install-sees-format-and-package',
      severity: 'error',
      from: { path: stage('install') },
      to: { path: `${stage('(catalog|runtime)')}` },
    },
    {
      name: 'network-stands-alone',
      severity: 'error',
      comment: 'The one outbound address policy (SEC8) is a leaf every stage and package may use.',
      from: { path: stage('network') },
      to: { path: `${stage('(format|discover|catalog|runtime|package|install|fs|widgets)')}` },
    },
    // Layers inside packages (issue 22 item 7), on runtime imports: a type may name an upper layer
    // (the loop types the tools it calls), code may not call into one.
    {
      name: 'agent-model-is-the-bottom-layer',
      severity: 'error',
      comment: 'agent: model ← loop ← tools ← subagents ← conversation/workspace ← harness.',
      from: { path: agentFolder('model') },
      to: {
        path: agentFolder('(loop|tools|subagents|conversation|workspace|harness|learn|curator|mcp-server)'),
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'agent-loop-below-tools',
      severity: 'error',
      comment: 'The loop runs tools through their interface; a tool builder lives in tools/.',
      from: { path: agentFolder('loop') },
      to: {
        path: agentFolder('(tools|subagents|conversation|workspace|harness|learn|curator|mcp-server)'),
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'agent-tools-below-subagents',
      severity: 'error',
      from: { path: agentFolder('tools') },
      to: {
        path: agentFolder('(subagents|conversation|workspace|harness|learn|curator|mcp-server)'),
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'agent-subagents-below-conversation',
      severity: 'error',
      from: { path: agentFolder('subagents') },
      to: {
        path: agentFolder('(conversation|workspace|harness|learn|mcp-server)'),
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'agent-harness-on-top',
      severity: 'error',
      comment: 'Only the package root and the harness itself reach the harness.',
      from: {
        path: '^packages/agent/src/',
        pathNot: `${agentFolder('harness')}|^packages/agent/src/index\\.ts$`,
      },
      to: { path: agentFolder('harness'), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-db-is-the-bottom-layer',
      severity: 'error',
      comment: 'server: db ← domain ← routes. The database layer knows no domain.',
      from: { path: serverFolder('db') },
      to: {
        path: '^packages/server/src/',
        pathNot: `${serverFolder('db')}|^packages/server/src/error-codes\\.ts$`,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-routes-on-top',
      severity: 'error',
      comment: 'Routes parse, authorize, call the domain and shape the answer; only the app mounts them.',
      from: {
        path: '^packages/server/src/',
        pathNot: `${serverFolder('routes')}|^packages/server/src/(create-app|index|testing)\\.ts$`,
      },
      to: { path: serverFolder('routes'), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-routes-query-through-the-domain',
      severity: 'error',
      comment:
        'Routes hold no queries (issue 22 §3): the domain modules (users, agents, runs, policy, …) own the tables and the SQL; a route may name a row type, never the schema or drizzle-orm at run time.',
      from: { path: serverFolder('routes') },
      to: {
        path: '^packages/server/src/db/schema\\.ts$|^node_modules/drizzle-orm/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-agents-below-runs',
      severity: 'error',
      comment: "A run uses its agent's records; an agent's configuration knows nothing of runs.",
      from: { path: serverFolder('agents') },
      to: { path: serverFolder('(runs|run-tools|metrics|health)'), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-ui-below-features',
      severity: 'error',
      comment:
        'web: api ← ui ← features (agents, auth, chat, skills) ← pages ← app. Shared pieces know no feature.',
      from: { path: webFolder('(ui|api|i18n|theme)') },
      to: { path: webFolder('(agents|auth|chat|skills|pages|app)'), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-features-below-pages',
      severity: 'error',
      from: { path: webFolder('(agents|auth|chat|skills)') },
      to: { path: webFolder('(pages|app)'), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-pages-below-the-app',
      severity: 'error',
      comment: 'Only the app shell (routes, layout, providers) mounts pages.',
      from: { path: webFolder('pages') },
      to: { path: webFolder('app'), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'agent-loads-sdks-lazily',
      severity: 'error',
      comment:
        'The provider SDKs, the MCP client and the ACP SDK cost ~250 ms to import: load them with import() when a provider makes its first request, a server connects or an ACP agent starts, never when @skilldock/agent is imported.',
      from: { path: '^packages/(agent|cli)/src/', pathNot: '/testing/' },
      to: {
        path: '^node_modules/(openai|@anthropic-ai/sdk|@modelcontextprotocol/sdk|@agentclientprotocol/sdk)/',
        dependencyTypesNot: ['type-only', 'dynamic-import'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      // The web app imports without extensions (Vite's bundler resolution).
      extensions: ['.ts', '.tsx', '.js', '.json', '.d.ts'],
    },
  },
};
