// Lint: TypeScript rules plus the dependency direction of ARCHITECTURE.md.
// packages never import apps; a module never reaches into another module's repository
// (it calls that module's service); no import cycles.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

const modulesDir = 'apps/api/src/modules';
const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const repositoryZones = modules.map((name) => ({
  target: `./${modulesDir}/${name}`,
  from: modules.filter((other) => other !== name).map((other) => `./${modulesDir}/${other}/*.repository.ts`),
  message: 'Call the other module’s service; only a module itself touches its repository.',
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/web/src/api/generated/**', 'apps/web/src/routeTree.gen.ts', 'data/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 4, ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages', from: './apps', message: 'packages are below apps: they never import them.' },
            ...repositoryZones,
          ],
        },
      ],
    },
  },
);
