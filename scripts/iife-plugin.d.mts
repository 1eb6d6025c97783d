import type { Plugin } from 'vite';

/** `import code from './x?iife'` → the module bundled into one browser script, as a string. */
export function iifePlugin(): Plugin;
