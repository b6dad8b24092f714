// Types of feature-boundaries.js, for tests/lint.
export type FeatureGraph = Record<string, string[]>;
export interface Zone {
  target: string | string[];
  from: string[];
  message: string;
}
export function featuresIn(root: string | URL, dir: string): string[];
export function assertAcyclic(side: string, graph: FeatureGraph): void;
export function featureZones(root: string | URL, dir: string, graph: FeatureGraph): Zone[];
export function publicSurfaceZone(dir: string, target: string, options?: { pages?: boolean }): Zone;
