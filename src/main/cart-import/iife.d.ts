// `import code from './x?iife'`: the module bundled into one browser script (scripts/iife-plugin.mjs).
declare module '*?iife' {
  const code: string;
  export default code;
}
