import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'data', 'coverage', 'node_modules'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/server/**', 'tests/**', 'e2e/**', 'bench/**', 'scripts/**', '*.config.*'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/web/**', 'public/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // src/common is shared by both sides: it touches neither Node, the DOM nor the server/web code.
    files: ['src/common/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '../server/*', '../web/*', 'react', 'drizzle-orm*'] },
      ],
    },
  },
  {
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*'] }],
    },
  },
);
