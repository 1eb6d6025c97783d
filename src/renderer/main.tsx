// The entry: small on purpose. It starts the session check and the first screen's code and data,
// then loads the app (app/render.tsx: antd, the shell), which the browser fetches, compiles and
// evaluates while the service answers, instead of before anything was asked.
import { startSession } from './app/start-session';

// `/login?switch=1` typed as a real path (e.g. from the extension or a bookmark) maps onto the hash route.
if (location.pathname === '/login') history.replaceState(null, '', `/#/login${location.search}`);

const started = startSession();
// The app's code failing to arrive (the service stopped between the page and its scripts) would
// leave a blank window: load the page again a moment later (the browser shows its own error page
// if the service is still gone; the desktop window's shell reloads on its own terms).
import('./app/render').then(
  (m) => m.renderApp(started),
  () => setTimeout(() => location.reload(), 2000),
);
