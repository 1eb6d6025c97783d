// The runtime configuration baked in by scripts/build-extension.mjs (esbuild `define`).
import type { ExtensionConfig } from './manifest';

declare const __LAB_EXTENSION_CONFIG__: ExtensionConfig;

export const CONFIG: ExtensionConfig = __LAB_EXTENSION_CONFIG__;
