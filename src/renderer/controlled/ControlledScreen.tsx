// The admin's controlled lists (管控化学品名录): the categories (four built-in, names editable; a lab
// may add more and delete those), each category's CAS list (ListEntries: search, add, remove,
// import, export), and the controlled ledger export per category and date range. Every change
// re-flags the inventory and the orders at once (lab.db triggers) and refreshes open lists.
import { useState } from 'react';
import { App, Button, Card, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { ControlledCategory } from '../../shared/controlled';
import { controlledCreateInput, controlledRenameInput } from '../../shared/contract/controlled';
import { PromptModal, type PromptSpec } from '../records/PromptModal';
import { reloadControlled, useControlled } from './use-controlled';
import { ListEntries } from './ListEntries';
import { LedgerExport } from './LedgerExport';

export function ControlledScreen() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const { categories } = useControlled();
  const [selected, setSelected] = useState<number | null>(null);
  const [prompt, setPrompt] = useState<PromptSpec | null>(null);
  const zh = i18n.language.startsWith('zh');
  const nameOf = (c: ControlledCategory) => (zh ? c.name_zh : c.name_en);
  const current = categories.find((c) => c.id === selected) ?? categories[0] ?? null;

  const names = [
    { name: 'name_zh', label: t('controlled.nameZh') },
    { name: 'name_en', label: t('controlled.nameEn') },
  ];
  const add = () =>
    setPrompt({
      title: t('controlled.addCategory'),
      okText: t('common.add'),
      schema: controlledCreateInput,
      fields: names,
      onOk: async (v) => {
        const c = await call('createControlledList', { name_zh: v.name_zh!, name_en: v.name_en! });
        await reloadControlled();
        setSelected(c.id);
        message.success(t('records.done'));
      },
    });
  const rename = (c: ControlledCategory) =>
    setPrompt({
      title: t('controlled.renameTitle', { name: nameOf(c) }),
      okText: t('controlled.rename'),
      schema: controlledRenameInput,
      fields: names.map((f) => ({ ...f, initial: c[f.name as 'name_zh' | 'name_en'] })),
      onOk: async (v) => {
        await call('renameControlledList', { id: c.id, name_zh: v.name_zh!, name_en: v.name_en! });
        await reloadControlled();
        message.success(t('records.done'));
      },
    });
  const remove = (c: ControlledCategory) =>
    modal.confirm({
      title: t('controlled.deleteConfirm', { name: nameOf(c), count: c.count }),
      okText: t('records.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('records.action.cancel'),
      onOk: async () => {
        try {
          await call('deleteControlledList', { id: c.id });
          await reloadControlled();
          setSelected(null);
          message.success(t('records.done'));
        } catch (e) {
          message.error((e as Error).message);
        }
      },
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="controlled-screen">
      <Typography.Title level={3}>{t('controlled.nav')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('controlled.intro')}</Typography.Paragraph>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Card size="small" title={t('controlled.categories')} style={{ width: 380 }} extra={<Button size="small" onClick={add} data-testid="controlled-add-category">{t('controlled.addCategory')}</Button>}>
          <Table<ControlledCategory>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={categories}
            data-testid="controlled-categories"
            onRow={(c) => ({ onClick: () => setSelected(c.id), style: { cursor: 'pointer', background: c.id === current?.id ? 'rgba(22,119,255,0.08)' : undefined } })}
            columns={[
              { key: 'name', title: t('controlled.category'), render: (_v, c) => <span data-testid={`controlled-category-${c.key ?? c.id}`}>{nameOf(c)}</span> },
              { key: 'count', title: t('controlled.count'), dataIndex: 'count', width: 70, align: 'right' },
              {
                key: 'actions',
                width: 120,
                render: (_v, c) => (
                  <Space size={4} onClick={(e) => e.stopPropagation()}>
                    <Button size="small" type="link" onClick={() => rename(c)}>{t('controlled.rename')}</Button>
                    {c.key === null && <Button size="small" type="link" danger onClick={() => remove(c)}>{t('records.action.delete')}</Button>}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
        <div style={{ flex: 1, minWidth: 420 }}>{current && <ListEntries key={current.id} category={current} title={nameOf(current)} />}</div>
      </div>
      <LedgerExport categories={categories} nameOf={nameOf} />
      <PromptModal spec={prompt} onClose={() => setPrompt(null)} />
    </Space>
  );
}
