// Lint: TypeScript rules, and React's rules of hooks for the web app. The dependency direction of
// ARCHITECTURE.md (packages never import apps, modules never reach into another module's
// repository, no cycles) is checked by scripts/check-boundaries.mjs, which `npm run lint` runs
// after eslint.
import reactHooks from 'eslint-plugin-react-hooks';
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
  // the rules of hooks (rules-of-hooks, exhaustive-deps) and the React Compiler's checks (no
  // setState during render or synchronously in an effect, pure renders, ...): a missing effect
  // dependency is a stale-value bug that no test sees until a user does. All of them as errors: a
  // warning passes `npm run lint`, and warnings pile up unread
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error'])),
  },
);
