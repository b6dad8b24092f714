import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The runtime image installs `dependencies` only (Dockerfile: npm ci --omit=dev): they must be
// exactly the packages the server and the code it shares import. The web app's packages are
// bundled into dist/web at build time, so they are devDependencies.
const root = new URL('../../', import.meta.url).pathname;
const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
    .map((file) => join(root, dir, file));
}

/** The package each bare import names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function importedPackages(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [
    ...source.matchAll(/(?:\bfrom\s+|\b(?:import|require)\s*\(\s*|^import\s+)'([^'.][^']*)'/gm),
  ].map((match) => match[1]!);
  return specifiers
    .filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

describe('the runtime dependencies', () => {
  it('are exactly the packages the server and src/common import', () => {
    const imported = new Set(
      [...sources('src/server'), ...sources('src/common')].flatMap(importedPackages),
    );
    expect([...imported].sort()).toEqual(Object.keys(dependencies).sort());
  });
});
