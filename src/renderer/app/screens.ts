// The business screens in the navigation, in order (screen-table.ts): each is its own chunk
// (app/lazy.tsx), fetched the first time the screen is shown, or at start for the one the address
// names (main.tsx).
import type { ComponentType } from 'react';
import { lazyNamed } from './lazy';
import { screenSourceAt, screenTable } from './screen-table';

export interface ScreenEntry {
  path: string;
  labelKey: string;
  Component: ComponentType & { preload?: () => Promise<unknown> };
  /** Shown and routed for administrators only. */
  adminOnly?: boolean;
}

export const screens: ScreenEntry[] = screenTable.map((s) => ({ path: s.path, labelKey: s.labelKey, adminOnly: s.adminOnly, Component: lazyNamed(s.load, s.exportName) }));

/**
 * Makes the screen at `pathname` render at once on its first mount when its chunk is in (the entry
 * started fetching it): settles once it is, or failed.
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  const source = screenSourceAt(pathname);
  return screens.find((s) => s.path === source?.path)?.Component.preload?.() ?? Promise.resolve();
}
