// The home screen, the first page after login: alert cards whose counts open the filtered lists,
// and charts of spending, hazards and use. Refreshed when any list changes (the records-changed
// event flow), never by polling.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, List, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { call, subscribeEvents } from '../api/client';
import type { Alerts, DashboardCharts, SpendingSeries } from '../../shared/contract/dashboard';
import { formatAmount } from '../../shared/amounts';
import { formatYuan } from '../records/money';
import { EChart, type ChartOption } from './EChart';
import { batchLine } from './alert-lines';
import { MostUsedCard } from './MostUsedCard';

/** Many changes in a row (an import, a stock-in) make one reload. */
const RELOAD_AFTER_MS = 400;

export function HomeScreen() {
  const { t } = useTranslation();
  const [alerts, setAlerts] = useState<Alerts | null>(null);
  const [charts, setCharts] = useState<DashboardCharts | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    Promise.all([call('getAlerts', {}), call('getDashboardCharts', {})]).then(
      ([a, c]) => {
        setAlerts(a);
        setCharts(c);
        setError(null);
      },
      (e: Error) => setError(e.message),
    );
  }, []);

  useEffect(() => {
    load();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = subscribeEvents((e) => {
      if (e.type !== 'records-changed') return;
      clearTimeout(timer);
      timer = setTimeout(load, RELOAD_AFTER_MS);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [load]);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="home-screen">
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('dashboard.title')}
        </Typography.Title>
        <Space>
          {alerts && <Typography.Text type="secondary">{t('dashboard.today', { day: alerts.today })}</Typography.Text>}
          <Button onClick={load}>{t('dashboard.refresh')}</Button>
        </Space>
      </Space>
      {error && <Alert type="error" showIcon title={error} />}
      {alerts && <AlertCards alerts={alerts} />}
      {charts && <Charts charts={charts} />}
    </Space>
  );
}

function AlertCards({ alerts }: { alerts: Alerts }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const expires = (card: Alerts['expired']) => card.items.map((b) => batchLine(b, t('dashboard.expiresOn', { day: b.expiry_date }), t, i18n.language));
  const orders = alerts.orders;
  const pending = orders.pending.reagent + orders.pending.consumable;
  const rejected = orders.rejected.reagent + orders.rejected.consumable;
  const orderList = (status: 'pending_approval' | 'rejected') => {
    const counts = status === 'pending_approval' ? orders.pending : orders.rejected;
    return counts.reagent || !counts.consumable ? `/reagent-orders?status=${status}` : `/consumable-orders?status=${status}`;
  };

  return (
    <Row gutter={[16, 16]}>
      <AlertCard
        id="expired"
        title={t('dashboard.card.expired')}
        count={alerts.expired.count}
        danger
        to="/inventory?alert=expired"
        lines={expires(alerts.expired)}
        more={alerts.expired.batches - alerts.expired.items.length}
      />
      <AlertCard
        id="expiring"
        title={t('dashboard.card.expiring', { days: alerts.expiringDays })}
        count={alerts.expiring.count}
        to="/inventory?alert=expiring"
        lines={expires(alerts.expiring)}
        more={alerts.expiring.batches - alerts.expiring.items.length}
      />
      <AlertCard
        id="below_min"
        title={t('dashboard.card.below_min')}
        count={alerts.belowMin.count}
        to="/inventory?alert=below_min"
        lines={alerts.belowMin.groups.map(
          (g) =>
            `${g.name}${g.specification ? ` ${g.specification}` : ''} · ${t('dashboard.belowMin', { total: formatAmount(g.total), min: formatAmount(g.min_stock), unit: g.unit })}${g.unconvertible ? ` (${t('dashboard.unconvertible', { count: g.unconvertible })})` : ''}`,
        )}
      />
      <AlertCard
        id="overdue"
        title={t('dashboard.card.overdue')}
        count={alerts.overdue.count}
        danger
        to="/inventory?alert=overdue"
        lines={alerts.overdue.items.map((b) => batchLine(b, b.borrowed_by_name ? t('dashboard.dueOn', { day: b.borrow_due, who: b.borrowed_by_name }) : t('dashboard.dueOnNobody', { day: b.borrow_due }), t, i18n.language))}
        more={alerts.overdue.batches - alerts.overdue.items.length}
      />
      <AlertCard
        id="orders"
        title={orders.scope === 'all' ? t('dashboard.card.pending') : t('dashboard.card.myOrders')}
        count={pending}
        suffix={orders.scope === 'own' ? `/ ${rejected}` : undefined}
        to={orderList(pending || !rejected ? 'pending_approval' : 'rejected')}
        links={[
          { label: t('dashboard.pendingReagent', { count: orders.pending.reagent }), to: '/reagent-orders?status=pending_approval', testId: 'pending-reagent' },
          { label: t('dashboard.pendingConsumable', { count: orders.pending.consumable }), to: '/consumable-orders?status=pending_approval', testId: 'pending-consumable' },
          ...(orders.scope === 'own' && rejected ? [{ label: t('dashboard.rejectedCount', { count: rejected }), to: orderList('rejected'), testId: 'rejected-orders' }] : []),
        ]}
        lines={orders.items.map(
          (o) =>
            `${t(`dashboard.orderKind.${o.kind}`)} · ${o.name} · ${o.status === 'rejected' ? t('dashboard.rejectedBecause', { reason: o.reject_reason }) : t('dashboard.pendingBy', { who: o.applicant })}`,
        )}
        onOpen={(to) => navigate(to)}
      />
    </Row>
  );
}

/** One alert card; `more`: how many further lines it has than it names (by default the count's rest). */
function AlertCard(props: { id: string; title: string; count: number; suffix?: string; danger?: boolean; to: string; lines: string[]; more?: number; links?: Array<{ label: string; to: string; testId: string }>; onOpen?: (to: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (to: string) => (props.onOpen ?? navigate)(to);
  const more = props.more ?? props.count - props.lines.length;
  return (
    <Col xs={24} sm={12} xl={8} xxl={8}>
      <Card
        data-testid={`alert-${props.id}`}
        title={<span title={props.title}>{props.title}</span>}
        style={{ height: '100%' }}
      >
        <Space align="center" style={{ width: '100%', justifyContent: 'space-between' }}>
          <Button type="text" style={{ height: 'auto', padding: 0 }} onClick={() => open(props.to)} data-testid={`alert-count-${props.id}`} aria-label={`${props.title}: ${props.count}`}>
            <Statistic value={props.count} suffix={props.suffix} styles={{ content: { color: props.count > 0 && props.danger ? '#cf1322' : undefined } }} />
          </Button>
          <Button type="link" onClick={() => open(props.to)}>
            {t('dashboard.open')}
          </Button>
        </Space>
        {props.links && (
          <Space wrap style={{ display: 'flex' }}>
            {props.links.map((l) => (
              <Button key={l.to + l.label} size="small" type="link" data-testid={l.testId} onClick={() => open(l.to)} style={{ paddingInline: 0 }}>
                {l.label}
              </Button>
            ))}
          </Space>
        )}
        {props.lines.length > 0 ? (
          <List
            size="small"
            dataSource={props.lines}
            renderItem={(line) => (
              <List.Item style={{ paddingInline: 0 }}>
                {/* Two lines: a batch with its locations rarely fits one at laptop width. */}
                <Typography.Paragraph ellipsis={{ rows: 2, tooltip: line }} style={{ margin: 0 }}>
                  {line}
                </Typography.Paragraph>
              </List.Item>
            )}
            footer={more > 0 ? <Typography.Text type="secondary">{t('dashboard.more', { count: more })}</Typography.Text> : undefined}
          />
        ) : (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('dashboard.none')}
          </Typography.Paragraph>
        )}
      </Card>
    </Col>
  );
}

function seriesName(s: SpendingSeries, t: TFunction): string {
  if (s.kind === 'consumable') return t('dashboard.series.consumables');
  if (s.category === '') return t('dashboard.series.uncategorized');
  if (s.category === '*') return t('dashboard.series.otherReagents');
  return t('dashboard.series.reagent', { category: s.category });
}

function Charts({ charts }: { charts: DashboardCharts }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const yuan = useCallback((v: unknown) => formatYuan(Number(v)), []);

  const spending = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: yuan },
      legend: { top: 0 },
      grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: charts.months },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => `¥${v.toLocaleString(lang)}` } },
      series: charts.spending.map((s) => ({ type: 'bar', stack: 'spending', name: seriesName(s, t), data: s.values, emphasis: { focus: 'series' } })),
    }),
    [charts, t, lang, yuan],
  );
  const pictograms = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 16, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: charts.pictograms.map((p) => `${t(`dashboard.ghs.${p.code}`)}\n${p.code}`), axisLabel: { interval: 0 } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: t('dashboard.items'), data: charts.pictograms.map((p) => p.count), itemStyle: { color: '#d4380d' }, label: { show: true, position: 'top' } }],
    }),
    [charts, t],
  );
  const hasSpending = charts.spending.some((s) => s.values.some((v) => v > 0));
  return (
    <>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('dashboard.charts')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <Card title={t('dashboard.spending')} data-testid="chart-spending-card">
            {hasSpending ? <EChart option={spending} testId="chart-spending" /> : <Empty description={t('dashboard.noData')} />}
            {charts.unpriced > 0 && <Typography.Text type="secondary">{t('dashboard.unpriced', { count: charts.unpriced })}</Typography.Text>}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('dashboard.pictograms')} data-testid="chart-pictograms-card">
            {charts.pictograms.length ? <EChart option={pictograms} testId="chart-pictograms" /> : <Empty description={t('dashboard.noData')} />}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <MostUsedCard charts={charts} />
        </Col>
      </Row>
    </>
  );
}
