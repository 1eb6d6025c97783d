// The admin's location tree: add top-level locations and locations inside others, rename, move a
// location (drag it onto another, or pick its new parent), delete (refused while it or a location
// below holds items: the message says how many). Paths of the locations below and of their items follow.
import { useMemo, useState } from 'react';
import { Alert, App, Button, Modal, Space, Tree, Typography } from 'antd';
import { Form } from '../app/Form';
import type { DataNode, TreeProps } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { applyFieldErrors } from '../app/form-errors';
import { schemaRules } from '../app/schema-rules';
import { locationOps } from '../../shared/contract/locations';
import type { LocationNode } from '../../shared/stock';
import { PromptModal, type PromptSpec } from '../records/PromptModal';
import { LocationPicker } from './LocationPicker';
import { nest, useExpanded, useLocations, type LocationTreeNode } from './use-locations';

const nameSchema = locationOps.createLocation.input;

function subtreeSize(n: LocationTreeNode): number {
  return 1 + n.children.reduce((s, c) => s + subtreeSize(c), 0);
}

export function LocationsScreen() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { nodes, loaded, error, reload } = useLocations();
  const tree = useMemo(() => nest(nodes), [nodes]);
  const expanded = useExpanded(nodes);
  const [prompt, setPrompt] = useState<PromptSpec | null>(null);
  const [moving, setMoving] = useState<LocationNode | null>(null);

  const done = async (text: string) => {
    message.success(text);
    await reload();
  };
  const add = (parent: LocationNode | null) =>
    setPrompt({
      title: parent ? t('locations.addChildTitle', { path: parent.path }) : t('locations.addTitle'),
      okText: t('common.add'),
      schema: nameSchema,
      fields: [{ name: 'name', label: t('locations.name') }],
      onOk: async (v) => {
        await call('createLocation', { name: v.name!, ...(parent ? { parent_id: parent.id } : {}) });
        await done(t('locations.saved'));
      },
    });
  const rename = (n: LocationNode) =>
    setPrompt({
      title: t('locations.renameTitle', { path: n.path }),
      okText: t('locations.rename'),
      schema: nameSchema,
      fields: [{ name: 'name', label: t('locations.name'), initial: n.name }],
      onOk: async (v) => {
        await call('updateLocation', { id: n.id, name: v.name! });
        await done(t('locations.saved'));
      },
    });
  const move = async (id: number, parent_id: number | null) => {
    await call('updateLocation', { id, parent_id });
    await done(t('locations.saved'));
  };
  const remove = (n: LocationTreeNode) => {
    const below = subtreeSize(n) - 1;
    modal.confirm({
      title: below ? t('locations.confirmDeleteBelow', { path: n.path, count: below }) : t('locations.confirmDelete', { path: n.path }),
      okText: t('locations.delete'),
      okButtonProps: { danger: true },
      cancelText: t('records.action.cancel'),
      onOk: async () => {
        try {
          await call('deleteLocation', { id: n.id });
          await done(t('locations.deleted'));
        } catch (e) {
          modal.error({ title: n.path, content: (e as Error).message });
        }
      },
    });
  };

  const data = useMemo(() => {
    const build = (list: LocationTreeNode[]): DataNode[] =>
      list.map((n) => ({
        key: n.id,
        title: (
          <Space size={4} wrap data-testid={`location-${n.path}`}>
            <span>{n.name}</span>
            <Typography.Text type="secondary" title={t('locations.count', { count: n.items_below })}>({n.items_below})</Typography.Text>
            <Button size="small" type="link" onClick={(e) => (e.stopPropagation(), add(n))}>{t('locations.addChild')}</Button>
            <Button size="small" type="link" onClick={(e) => (e.stopPropagation(), rename(n))}>{t('locations.rename')}</Button>
            <Button size="small" type="link" onClick={(e) => (e.stopPropagation(), setMoving(n))}>{t('locations.moveTo')}</Button>
            <Button size="small" type="link" danger onClick={(e) => (e.stopPropagation(), remove(n))}>{t('locations.delete')}</Button>
          </Space>
        ),
        children: build(n.children),
      }));
    return build(tree);
  }, [tree, t]);

  const onDrop: TreeProps['onDrop'] = (info) => {
    const id = Number(info.dragNode.key);
    const target = nodes.find((n) => n.id === Number(info.node.key));
    if (!target) return;
    // Onto a node: inside it; into the gap next to it: beside it (under its parent).
    move(id, info.dropToGap ? target.parent_id : target.id).catch((e: Error) => message.error(e.message));
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('locations.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('locations.intro')}</Typography.Paragraph>
      <Button type="primary" onClick={() => add(null)} data-testid="location-add-root">{t('locations.addRoot')}</Button>
      {error && <Alert type="error" message={error} />}
      {loaded && nodes.length === 0 ? (
        <Typography.Text type="secondary">{t('locations.none')}</Typography.Text>
      ) : (
        <Tree blockNode draggable={{ icon: false }} {...expanded} treeData={data} onDrop={onDrop} selectable={false} data-testid="locations-tree" />
      )}
      <PromptModal spec={prompt} onClose={() => setPrompt(null)} />
      <MoveNodeDialog node={moving} onClose={() => setMoving(null)} onMove={move} />
    </Space>
  );
}

/** Picks a location's new parent (none: the top level); its own subtree cannot be picked. */
function MoveNodeDialog({ node, onClose, onMove }: { node: LocationNode | null; onClose: () => void; onMove: (id: number, parent: number | null) => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ parent_id?: number | null }>();
  return (
    <Modal open={!!node} title={node ? t('locations.moveNodeTitle', { path: node.path }) : ''} onCancel={onClose} onOk={() => form.submit()} okText={t('locations.move')} cancelText={t('records.action.cancel')} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        data-testid="location-move-form"
        initialValues={{ parent_id: node?.parent_id ?? null }}
        onFinish={async (v) => {
          try {
            await onMove(node!.id, v.parent_id ?? null);
            onClose();
          } catch (e) {
            if (!applyFieldErrors(form, e)) message.error((e as Error).message);
          }
        }}
      >
        <Form.Item name="parent_id" label={t('locations.newParent')} rules={schemaRules(locationOps.updateLocation.input, 'parent_id', i18n.language)}>
          <LocationPicker exclude={node?.id} placeholder={t('locations.topLevel')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
