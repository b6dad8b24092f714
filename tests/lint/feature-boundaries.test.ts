import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { assertAcyclic, featureZones } from '../../eslint/feature-boundaries.js';

// The lint that keeps the feature map (docs/decisions/001, 004), run on probe files against the
// project's own eslint.config.js.
const eslint = new ESLint();

/** The messages of the boundary rules for `source` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages
    .filter((m) => m.ruleId?.startsWith('import-x/'))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the feature boundaries lint', () => {
  it('lets a feature import a declared feature through its index.ts', async () => {
    expect(
      await boundaryErrors(
        'src/web/features/stats/lint-probe.ts',
        "export { useTheme } from '@/features/theme';\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/server/features/maps/lint-probe.ts',
        "export * from '../logs/index.js';\n",
      ),
    ).toEqual([]);
  });

  it("refuses a deep import of another feature's internals, on both sides", async () => {
    expect(
      await boundaryErrors(
        'src/web/features/stats/lint-probe.ts',
        "export { useTheme } from '@/features/theme/theme-provider';\n",
      ),
    ).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*Import theme through its index\.ts only/,
      ),
    ]);
    expect(
      await boundaryErrors(
        'src/server/features/maps/lint-probe.ts',
        "export * from '../logs/service.js';\n",
      ),
    ).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*Import logs through its index\.ts only/,
      ),
    ]);
    expect(
      await boundaryErrors(
        'src/server/lint-probe.ts',
        "export * from './features/logs/service.js';\n",
      ),
    ).toEqual([expect.stringMatching(/Import a feature through its index\.ts only/)]);
  });

  it('refuses an import that would close a circle between features', async () => {
    // stats imports theme, so theme may not import stats; maps imports logs, so not the reverse.
    expect(
      await boundaryErrors(
        'src/web/features/theme/lint-probe.ts',
        "export * from '@/features/stats';\n",
      ),
    ).toEqual([expect.stringMatching(/theme may import only no other feature/)]);
    expect(
      await boundaryErrors(
        'src/server/features/logs/lint-probe.ts',
        "export * from '../maps/index.js';\n",
      ),
    ).toEqual([expect.stringMatching(/logs may import only auth, occurrences, photos/)]);
  });

  describe('a circle between modules', () => {
    const name = `lint-probe-${randomUUID()}`;
    const a = `src/web/lib/${name}-a.ts`;
    const b = `src/web/lib/${name}-b.ts`;
    afterAll(() => [a, b].forEach((file) => rmSync(file, { force: true })));

    it('is refused by import-x/no-cycle', async () => {
      writeFileSync(a, `import { b } from './${name}-b';\nexport const a = () => b;\n`);
      writeFileSync(b, `import { a } from './${name}-a';\nexport const b = () => a;\n`);
      const [result] = await eslint.lintFiles([a]);
      expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
    });
  });

  it('refuses to load a graph with a circle, naming it', () => {
    expect(() =>
      assertAcyclic('web', { logs: ['maps'], maps: ['stats'], stats: ['logs'] }),
    ).toThrow('web features import each other in a circle: logs → maps → stats → logs');
    expect(() => assertAcyclic('web', { logs: ['maps'], maps: [], stats: ['logs'] })).not.toThrow();
  });

  it('refuses a feature folder the graph does not declare', () => {
    const root = new URL('../../eslint.config.js', import.meta.url);
    expect(() => featureZones(root, './src/web/features', { logs: [] })).toThrow(
      /Declare the imports of \.\/src\/web\/features\/.*auth/,
    );
  });
});
