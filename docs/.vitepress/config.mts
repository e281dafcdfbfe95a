import { defineConfig } from 'vitepress';

/**
 * The Skilldock manual (`npm run docs:build`, `npm run docs:dev`). Guides are written by hand;
 * everything under reference/ is generated from the code by scripts/generate-docs-reference.ts.
 * Dead internal links fail the build; scripts/check-docs-links.mjs checks the built HTML again
 * (anchors included, which VitePress does not check).
 */
export default defineConfig({
  title: 'Skilldock',
  description: 'Agent Skills and subagents for TypeScript',
  cleanUrls: true,
  lastUpdated: false,
  // The manual is read offline too: no search index service, no external fonts.
  themeConfig: {
    search: { provider: 'local' },
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Reference', link: '/reference/cli' },
      { text: 'Packages', link: '/packages/core' },
    ],
    sidebar: [
      {
        text: 'Start',
        items: [
          { text: 'What Skilldock is', link: '/' },
          { text: 'Getting started', link: '/guide/getting-started' },
          { text: 'Examples', link: '/guide/examples' },
        ],
      },
      {
        text: 'Command line',
        items: [
          { text: 'CLI', link: '/guide/cli' },
          { text: 'Installing skills', link: '/guide/installing-skills' },
          { text: 'Where skills come from', link: '/guide/skill-sources' },
          { text: 'Models', link: '/guide/models' },
          { text: 'Terminal agent', link: '/guide/terminal-agent' },
          { text: 'Subagents', link: '/guide/subagents' },
          { text: 'Learn and the curator', link: '/guide/learn-and-curator' },
          { text: 'MCP server', link: '/guide/mcp' },
          { text: 'Settings', link: '/guide/settings' },
        ],
      },
      {
        text: 'Platform',
        items: [
          { text: 'Administration', link: '/guide/platform-admin' },
          { text: 'Users: the web app', link: '/guide/platform-users' },
          { text: 'Operations', link: '/guide/operations' },
          { text: 'Performance', link: '/guide/performance' },
        ],
      },
      {
        text: 'Library',
        items: [
          { text: 'Agents in code', link: '/guide/library' },
          { text: 'Build plugin', link: '/guide/build-plugin' },
        ],
      },
      {
        text: 'Reference (generated)',
        items: [
          { text: 'CLI', link: '/reference/cli' },
          { text: 'Exit codes', link: '/reference/exit-codes' },
          { text: 'Error codes', link: '/reference/error-codes' },
          { text: 'Settings', link: '/reference/settings' },
          { text: 'HTTP API', link: '/reference/http-api' },
        ],
      },
      {
        text: 'Packages',
        items: [
          { text: '@skilldock/core', link: '/packages/core' },
          { text: '@skilldock/agent', link: '/packages/agent' },
          { text: '@skilldock/server', link: '/packages/server' },
          { text: '@skilldock/build', link: '/packages/build' },
          { text: 'skilldock (CLI)', link: '/packages/cli' },
          { text: '@skilldock/web', link: '/packages/web' },
        ],
      },
      {
        text: 'Contributing',
        items: [{ text: 'Tests and benchmarks', link: '/contributing/tests' }],
      },
    ],
  },
});
