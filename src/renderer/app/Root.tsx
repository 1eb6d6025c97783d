// Locale provider + the session gate: business pages render only when the session is verified.
import { useEffect, useRef } from 'react';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation } from 'react-router-dom';
import { switchAccount, useSession, verifySession } from '../session/session-store';
import { LoginScreen } from '../screens/LoginScreen';
import { SetupScreen } from '../screens/SetupScreen';
import { AppLayout } from './AppLayout';
import { prefetchScreenData, preloadScreen } from './screens';
import { dropPrefetchedLists } from '../records/list-prefetch';
import 'antd/dist/antd.css';

/**
 * antd in zero-runtime mode: its components take their look from the prebuilt antd.css instead of
 * generating each component's styles in JS on first use (a third of a cold start's CPU at 100 000
 * items). Tokens still apply as CSS variables (this colour, the records table's compact rows).
 */
const THEME = { token: { colorPrimary: '#1f6feb' }, zeroRuntime: true };

/** The hash route's path and query (HashRouter's location, before the router exists). */
function hashLocation(): { pathname: string; search: string } {
  const [pathname = '/', search = ''] = location.hash.replace(/^#/, '').split('?');
  return { pathname: pathname || '/', search: search ? `?${search}` : '' };
}

const isSwitchAt = (pathname: string, search: string) => pathname === '/login' && new URLSearchParams(search).get('switch') === '1';

/**
 * Called by main.tsx before React's first render: verifies the session with /users/me — unless
 * this is an account switch — and meanwhile starts fetching the code of the screen the address
 * points at and its first data. Settles when all of that has (failures included), so the first
 * render can wait for it: one render of the signed-in screen with its rows, instead of the
 * "checking" page, then the shell with a loading line, then the screen, then its rows.
 */
export function startSession(): Promise<unknown> {
  const { pathname, search } = hashLocation();
  const screen = preloadScreen(pathname);
  if (isSwitchAt(pathname, search)) return screen;
  return Promise.all([verifySession(), prefetchScreenData(pathname), screen]);
}

function SessionGate() {
  const session = useSession();
  const location = useLocation();
  const { t } = useTranslation();

  const isSwitch = isSwitchAt(location.pathname, location.search);

  // The first data asked for above serves the screen the window opened at, and only until the
  // user goes elsewhere.
  const openedAt = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname !== openedAt.current) dropPrefetchedLists();
  }, [location.pathname]);

  // `/login?switch=1` (on load or navigated to later) forgets the local state at once.
  useEffect(() => {
    if (isSwitch) switchAccount();
  }, [isSwitch]);

  if (session.status === 'checking') {
    return (
      <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
        <Spin size="large" />
        <span>{t('app.loading')}</span>
      </div>
    );
  }
  if (session.status === 'setup') return <SetupScreen />;
  if (session.status !== 'authenticated') return <LoginScreen />;
  return (
    <Routes>
      <Route path="/*" element={<AppLayout />} />
    </Routes>
  );
}

export function Root() {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'zh-CN' ? zhCN : enUS} theme={THEME}>
      <AntApp>
        <SessionGate />
      </AntApp>
    </ConfigProvider>
  );
}
