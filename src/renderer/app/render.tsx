// The app itself: i18n, antd, the shell and its routes. main.tsx imports this after it has started
// the session check and the first screen's code and data, so those travel while this is evaluated.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import '../i18n';
import { Root } from './Root';
import { preloadScreen } from './screens';
import { hashLocation } from './start-session';

/** How long the first render waits for the session check and the screen's code and data (a slow service: the "checking" page shows). */
const FIRST_RENDER_WAIT_MS = 300;

/** Renders once `started` has settled (or after FIRST_RENDER_WAIT_MS), with the screen's code in place. */
export function renderApp(started: Promise<unknown>): void {
  const ready = Promise.all([started, preloadScreen(hashLocation().pathname)]);
  void Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <HashRouter>
          <Root />
        </HashRouter>
      </StrictMode>,
    ),
  );
}
