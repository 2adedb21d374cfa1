import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const apiPrefixes = ['/api', '/teams/api', '/users/api', '/dashboard/api', '/a', '/media', '/subscription'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    // generates src/routeTree.gen.ts from src/routes (committed, never edited by hand)
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }),
    react(),
    tailwindcss(),
  ],
  // the workspace packages' sources (their `source` export condition), never their built dist/
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) }, conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [`^${prefix}/`, { target: apiTarget, changeOrigin: false }])),
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
