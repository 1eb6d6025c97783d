import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import './i18n';
import { Root, startSession } from './app/Root';

// `/login?switch=1` typed as a real path (e.g. from the extension or a bookmark) maps onto the hash route.
if (location.pathname === '/login') history.replaceState(null, '', `/#/login${location.search}`);

startSession();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HashRouter>
      <Root />
    </HashRouter>
  </StrictMode>,
);
