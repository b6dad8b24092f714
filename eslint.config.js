import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { featureZones, publicSurfaceZone } from './eslint/feature-boundaries.js';

// Which features each feature may import (through index.ts only). Keep both graphs free of
// circles: featureZones refuses one. A feature not listed here fails the lint.
const webFeatures = {
  account: ['auth', 'offline'],
  admin: ['auth'],
  auth: ['offline'],
  'data-exchange': ['account'],
  detections: ['recordings'],
  landing: [],
  lists: [],
  logs: ['account', 'data-exchange', 'offline', 'photos', 'recordings', 'sharing', 'taxonomy'],
  maps: ['data-exchange', 'logs'],
  offline: [],
  outings: ['detections', 'logs', 'offline', 'recordings', 'sharing', 'taxonomy'],
  photos: ['theme'],
  pwa: [],
  recordings: ['photos'],
  review: [],
  sharing: ['recordings'],
  shortcuts: [],
  stats: ['data-exchange', 'theme'],
  taxonomy: [],
  theme: [],
};
const serverFeatures = {
  account: ['auth', 'data-exchange', 'geoprivacy', 'outings', 'photos', 'recordings'],
  admin: ['auth', 'geoprivacy', 'occurrences', 'photos'],
  auth: [],
  'data-exchange': [
    'auth',
    'geoprivacy',
    'logs',
    'maps',
    'occurrences',
    'outings',
    'photos',
    'recordings',
  ],
  detections: ['auth', 'logs', 'outings'],
  geoprivacy: ['auth', 'taxonomy'],
  lists: ['auth', 'logs', 'taxonomy'],
  outings: ['auth', 'logs', 'photos'],
  logs: ['auth', 'occurrences', 'photos', 'taxonomy'],
  maps: ['auth', 'logs'],
  occurrences: ['auth', 'geoprivacy'],
  photos: ['auth'],
  pwa: ['auth'],
  recordings: ['auth', 'photos'],
  sharing: ['auth', 'geoprivacy', 'logs', 'outings'],
  stats: ['auth', 'logs'],
  taxonomy: ['auth'],
};
const root = import.meta.url;

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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // the TypeScript parser for the modules an import leads to (no-cycle reads them)
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.web.json', 'tsconfig.sw.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones(root, './src/web/features', webFeatures),
            ...featureZones(root, './src/server/features', serverFeatures),
            publicSurfaceZone('./src/web/features', './src/web/app', { pages: true }),
            publicSurfaceZone('./src/server/features', './src/server/!(features)/**'),
            publicSurfaceZone('./src/server/features', './src/server/*.ts'),
            // one way: app → features → components, lib; common imports neither side
            {
              target: ['./src/web/components', './src/web/lib'],
              from: ['./src/web/features', './src/web/app'],
              message: 'components/ and lib/ sit below the features: compose in app/ instead.',
            },
            {
              target: './src/web/features',
              from: './src/web/app',
              message: 'Features do not import app/: app/ composes them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/server/**',
      'tests/**',
      'e2e/**',
      'bench/**',
      'scripts/**',
      'eslint/**',
      '*.config.*',
    ],
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
