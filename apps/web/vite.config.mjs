import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  // Contracts' plain modules (messages, statuses, view types) are shared with the services; the
  // class-validator DTOs beside them are never imported here (docs/web.md).
  resolve: { alias: { '@contracts': fileURLToPath(new URL('../../libs/contracts/src', import.meta.url)) } },
  oxc: { jsx: { runtime: 'automatic' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022' },
});
