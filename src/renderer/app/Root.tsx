// Locale provider + the session gate: business pages render only when the session is verified.
import { useEffect, useRef } from 'react';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation } from 'react-router-dom';
import { switchAccount, useSession } from '../session/session-store';
import { LoginScreen } from '../screens/LoginScreen';
import { SetupScreen } from '../screens/SetupScreen';
import { AppLayout } from './AppLayout';
import { isSwitchAt } from './start-session';
import { dropPrefetchedLists } from '../records/list-prefetch';
import { useReducedMotion } from './reduced-motion';
import 'antd/dist/antd.css';
import './zh-colon.css';

/**
 * antd in zero-runtime mode: its components take their look from the prebuilt antd.css instead of
 * generating each component's styles in JS on first use (a third of a cold start's CPU at 100 000
 * items). Tokens still apply as CSS variables (this colour, the records table's compact rows).
 */
const THEME = { token: { colorPrimary: '#1f6feb' }, zeroRuntime: true };
/** The same without antd's open and close animations (the system asks for less motion: app/reduced-motion.ts). */
const THEME_STILL = { ...THEME, token: { ...THEME.token, motion: false } };

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
  const still = useReducedMotion();
  return (
    <ConfigProvider locale={i18n.language === 'zh-CN' ? zhCN : enUS} theme={still ? THEME_STILL : THEME}>
      <AntApp>
        <SessionGate />
      </AntApp>
    </ConfigProvider>
  );
}
