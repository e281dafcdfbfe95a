import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Builds the web app into `dist/` for `skilldock serve` to serve at `/`. `npm run dev -w
 * packages/web` serves it with hot reload and forwards the API to a `skilldock serve` on :7860.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The size check reads which chunks the first page loads from the manifest.
    manifest: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:7860',
      '/openapi.json': 'http://127.0.0.1:7860',
    },
  },
});
