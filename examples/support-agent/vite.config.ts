import { fileURLToPath } from 'node:url';
import { skilldockVite } from '@skilldock/build';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * A Node build of the agent: `import … from './skills/refunds/SKILL.md'` is validated and bundled
 * by `@skilldock/build`; the Skilldock packages and zod stay imports, resolved at run time.
 */
export default defineConfig({
  root,
  plugins: [skilldockVite({ root })],
  ssr: { external: ['@skilldock/agent', '@skilldock/build', '@skilldock/core', 'zod'] },
  build: {
    ssr: 'src/main.ts',
    outDir: 'dist',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
  },
});
