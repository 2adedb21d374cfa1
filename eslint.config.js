// Lint: TypeScript rules. The dependency direction of ARCHITECTURE.md (packages never import
// apps, modules never reach into another module's repository, no cycles) is checked by
// scripts/check-boundaries.mjs, which `npm run lint` runs after eslint.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/web/src/api/generated/**', 'apps/web/src/routeTree.gen.ts', 'data/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
);
