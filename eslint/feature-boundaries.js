// Feature boundaries (docs/decisions/001-one-feature-map.md), as import-x/no-restricted-paths
// zones: a feature imports only the features it declares, only through their index.ts, and the
// declared graph has no circle (checked here, so the lint config itself refuses one).
import { readdirSync } from 'node:fs';

/** The feature folders under `dir` (relative to the repo root). */
export function featuresIn(root, dir) {
  return readdirSync(new URL(dir, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Throws when the graph (feature → the features it may import) has a circle. */
export function assertAcyclic(side, graph) {
  const state = new Map(); // feature → 'visiting' | 'done'
  const visit = (feature, path) => {
    if (state.get(feature) === 'done') return;
    if (state.get(feature) === 'visiting') {
      const circle = [...path.slice(path.indexOf(feature)), feature].join(' → ');
      throw new Error(`${side} features import each other in a circle: ${circle}`);
    }
    state.set(feature, 'visiting');
    for (const next of graph[feature] ?? []) visit(next, [...path, feature]);
    state.set(feature, 'done');
  };
  for (const feature of Object.keys(graph)) visit(feature, []);
}

/**
 * The zones of one side: for each feature folder, the features it does not declare are out of
 * bounds entirely, and the ones it declares are in bounds through index.ts only.
 */
export function featureZones(root, dir, graph) {
  const features = featuresIn(root, dir);
  const undeclared = features.filter((feature) => !(feature in graph));
  if (undeclared.length > 0) {
    throw new Error(`Declare the imports of ${dir}/${undeclared.join(', ')} in eslint.config.js`);
  }
  assertAcyclic(dir, graph);
  return features.flatMap((feature) => {
    const allowed = graph[feature].filter((other) => features.includes(other));
    const others = features.filter((other) => other !== feature);
    const forbidden = others.filter((other) => !allowed.includes(other));
    return [
      ...(forbidden.length === 0
        ? []
        : [
            {
              target: `${dir}/${feature}`,
              from: forbidden.map((other) => `${dir}/${other}`),
              message: `${feature} may import only ${allowed.join(', ') || 'no other feature'} (eslint.config.js): compose features in app/ instead.`,
            },
          ]),
      ...allowed.map((other) => ({
        target: `${dir}/${feature}`,
        from: [`${dir}/${other}/*/**`, `${dir}/${other}/!(index).*`],
        message: `Import ${other} through its index.ts only.`,
      })),
    ];
  });
}

/**
 * The zone that keeps `target` (app/, app.ts…) to the features' public surfaces: index.ts, and
 * on the web the page modules (`*-page.tsx`), which the router loads lazily, one chunk a page.
 */
export function publicSurfaceZone(dir, target, { pages = false } = {}) {
  return {
    target,
    from: pages
      ? [`${dir}/*/!(index|*-page).*`, `${dir}/*/*/**/!(*-page).*`]
      : [`${dir}/*/*/**`, `${dir}/*/!(index).*`],
    message: pages
      ? 'Import a feature through its index.ts (or lazily, one of its *-page.tsx) only.'
      : 'Import a feature through its index.ts only.',
  };
}
