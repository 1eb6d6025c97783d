// Types of scripts/iife-plugin.mjs for the TypeScript that imports it (test/support/app-process.ts).
import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin as VitePlugin } from 'vite';

export function bundleBrowserScript(entry: string): Promise<{ text: string; inputs: string[] }>;
export function iifeEsbuildPlugin(): EsbuildPlugin;
export function iifePlugin(): VitePlugin;
