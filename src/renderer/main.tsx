import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import './i18n';
import { Root, startSession } from './app/Root';

// `/login?switch=1` typed as a real path (e.g. from the extension or a bookmark) maps onto the hash route.
if (location.pathname === '/login') history.replaceState(null, '', `/#/login${location.search}`);

/** How long the first render waits for the session check and the screen's code and data (a slow service: the "checking" page shows). */
const FIRST_RENDER_WAIT_MS = 300;

const started = startSession();
void Promise.race([started, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(render);

function render(): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <HashRouter>
        <Root />
      </HashRouter>
    </StrictMode>,
  );
}
