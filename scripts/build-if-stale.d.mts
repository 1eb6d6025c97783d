// Types of scripts/build-if-stale.mjs for the TypeScript that imports it (test/foundation/build-if-stale.test.ts).
export const SOURCES: string[];
export const OUTPUTS: string[];
export function isStale(root?: string): boolean;
export function buildIfStale(opts?: { force?: boolean; quiet?: boolean }): number;
