// Types of scripts/preload-app-plugin.mjs for the TypeScript that imports it (electron.vite.config.ts).
import type { Plugin as VitePlugin } from 'vite';

export function preloadAppPlugin(moduleSuffix: string): VitePlugin;
