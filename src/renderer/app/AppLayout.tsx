// The signed-in shell: navigation, user menu, language switch, server-problem banner, routes.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Dropdown, Layout, Menu, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import type { AppInfo } from '../../shared/contract';
import { call, subscribeEvents } from '../api/client';
import { translateMessage } from '../i18n/translate';
import { logout, switchAccount, useSession } from '../session/session-store';
import { setLanguage, type Language } from '../i18n';
import { Lazy, lazyNamed } from './lazy';
import { screens } from './screens';
import { PendingBadge, usePendingApprovals } from '../dashboard/pending-badge';
import { ScanButton } from '../labels/ScanBox';
import { displayTimeZone, sameZone, setDisplayTimeZone } from './format';
import { NotificationBell } from '../notifications/NotificationBell';

const UsersScreen = lazyNamed(() => import('../screens/UsersScreen'), 'UsersScreen');
const LabelPrintPage = lazyNamed(() => import('../labels/LabelPrintPage'), 'LabelPrintPage');
const DataSourcesScreen = lazyNamed(() => import('../reference/DataSourcesScreen'), 'DataSourcesScreen');
const SettingsScreen = lazyNamed<{ info: AppInfo | null; onInfo: (i: AppInfo) => void }>(() => import('../screens/SettingsScreen'), 'SettingsScreen');

export function AppLayout() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [info, setInfo] = useState<AppInfo | null>(null);
  // The screens show times in the zone they were drawn in (the lab's as the last start knew it, else
  // this browser's): only when the app info names a zone that reads times otherwise (a changed
  // setting, a first start elsewhere) are they drawn again.
  const [zoneDrawn, setZoneDrawn] = useState(displayTimeZone);
  const takeInfo = useCallback((i: AppInfo) => {
    setDisplayTimeZone(i.timeZone);
    setInfo(i);
    setZoneDrawn((drawn) => (sameZone(drawn, displayTimeZone()) ? drawn : displayTimeZone()));
  }, []);
  const user = session.user!;
  const mine = screens.filter((s) => !s.adminOnly || user.role === 'admin');
  const pending = usePendingApprovals(user.role === 'admin');

  useEffect(() => {
    const read = () => void call('appInfo', {}).then(takeInfo, () => undefined);
    read();
    // A notice can come while the app runs (completion.db replaced): read app info again.
    return subscribeEvents((e) => {
      if (e.type === 'app-info-changed') read();
    });
  }, [takeInfo]);

  const items = [
    ...mine.map((s) => ({ key: s.path, label: <PendingBadge path={s.path} counts={pending}>{t(s.labelKey)}</PendingBadge> })),
    ...(user.role === 'admin' ? [{ key: '/users', label: t('nav.users') }] : []),
    { key: '/settings', label: t('nav.settings') },
  ];
  const selected = items.find((i) => location.pathname.startsWith(i.key))?.key ?? '/home';

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider theme="light" width={200} breakpoint="lg">
        <Typography.Title level={4} style={{ padding: '16px 16px 0' }}>
          {t('app.name')}
        </Typography.Title>
        <Menu mode="inline" selectedKeys={[selected]} items={items} onClick={(e) => navigate(e.key)} aria-label="Main navigation" />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 12, paddingInline: 16 }}>
          <ScanButton />
          <NotificationBell />
          <Select<Language>
            size="small"
            value={i18n.language as Language}
            onChange={setLanguage}
            aria-label={t('settings.language')}
            options={[
              { value: 'zh-CN', label: '简体中文' },
              { value: 'en', label: 'English' },
            ]}
            style={{ width: 110 }}
          />
          {/* Opens on click (and Enter/Space), not hover: a hover menu closes when the pointer
              crosses the gap to its items, and it cannot be reached from the keyboard. */}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'switch', label: t('header.switchAccount'), onClick: () => (switchAccount(), navigate('/login?switch=1')) },
                { key: 'logout', label: t('header.logout'), onClick: () => void logout() },
              ],
            }}
          >
            <Button type="text" data-testid="user-menu">
              <Space>
                {user.displayName}
                <Tag>{t(`header.role.${user.role}`)}</Tag>
              </Space>
            </Button>
          </Dropdown>
        </Layout.Header>
        <Layout.Content style={{ padding: 16 }}>
          {info?.serverError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('serverError.title')} description={info.serverError} />}
          {info?.notices.map((n) => <Alert key={n.message} type="warning" showIcon closable style={{ marginBottom: 16 }} description={translateMessage(n)} />)}
          {/* One loading boundary per screen: router navigations are transitions, and a transition
              keeps showing an existing boundary's old screen instead of its fallback. */}
          <Lazy key={`${location.pathname.split('/')[1]} ${zoneDrawn}`}>
            <Routes>
              {mine.map((s) => (
                <Route key={s.path} path={`${s.path}/*`} element={<s.Component />} />
              ))}
              {user.role === 'admin' && <Route path="/users" element={<UsersScreen />} />}
              <Route path="/settings" element={<SettingsScreen info={info} onInfo={takeInfo} />} />
              <Route path="/settings/data-sources" element={<DataSourcesScreen />} />
              <Route path="/labels" element={<LabelPrintPage />} />
              <Route path="*" element={<Navigate to="/home" replace />} />
            </Routes>
          </Lazy>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
