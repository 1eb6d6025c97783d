// Vite plugin: the renderer's entry (src/renderer/main.tsx) is small and loads the app with a
// dynamic import, so that the session check and the first screen's data are asked for before the
// app's code is evaluated. This plugin lists the app's chunks in index.html anyway (modulepreload),
// so the browser fetches and compiles them alongside the entry, as if they were static imports,
// instead of only once the entry has run. The app's CSS (antd's, 1 MB) stays with the dynamic
// import (Vite adds its <link> then and waits for it): a stylesheet in the page would be parsed
// before the entry runs and hold the first requests back.

/** The output chunk built from `moduleSuffix` and its static imports (transitively). */
function filesOf(bundle, moduleSuffix) {
  const start = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.replace(/\\/g, '/').endsWith(moduleSuffix));
  if (!start) throw new Error(`preload-app: no chunk for ${moduleSuffix}`);
  const js = [];
  const visit = (fileName) => {
    if (js.includes(fileName)) return;
    js.push(fileName);
    for (const f of bundle[fileName].imports) visit(f);
  };
  visit(start.fileName);
  return js;
}

/** `moduleSuffix`: the app module main.tsx imports dynamically, e.g. 'src/renderer/app/render.tsx'. */
export function preloadAppPlugin(moduleSuffix) {
  return {
    name: 'lab-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const present = (f) => html.includes(`/${f}"`);
        return filesOf(ctx.bundle, moduleSuffix)
          .filter((f) => !present(f))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${f}` }, injectTo: 'head' }));
      },
    },
  };
}
