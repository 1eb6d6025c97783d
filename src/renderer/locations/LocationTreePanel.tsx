// The location tree beside the inventory list: clicking a node lists what is in it and below; each
// node shows how many items (in stock or borrowed) are there and below. Folds away to a button next
// to the page title (the choice is remembered); open at first, also on a laptop screen (1366 px):
// the columns the list shows by default fit beside it.
import { useCallback, useMemo, useState } from 'react';
import { Button, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { nest, useExpanded, useLocations, type LocationTreeNode } from './use-locations';

const OPEN_KEY = 'lab.locationTree';

function treeData(nodes: LocationTreeNode[], count: (n: number) => string): DataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: (
      <span title={`${n.path} · ${count(n.items_below)}`} data-testid={`tree-node-${n.path}`}>
        {n.name} <Typography.Text type="secondary">{n.items_below}</Typography.Text>
      </span>
    ),
    children: treeData(n.children, count),
  }));
}

/** Whether the tree is shown, and a setter that remembers the choice. */
export function useLocationTreeOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => localStorage.getItem(OPEN_KEY) !== 'closed');
  const set = useCallback((next: boolean) => {
    setOpen(next);
    localStorage.setItem(OPEN_KEY, next ? 'open' : 'closed');
  }, []);
  return [open, set];
}

/** Shows the folded tree (sits next to the page title). */
export function LocationTreeShow({ onShow }: { onShow: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="small" icon={<MenuUnfoldOutlined />} onClick={onShow} data-testid="location-tree-show">
      {t('locations.showTree')}
    </Button>
  );
}

export function LocationTreePanel({ selected, onSelect, onHide }: { selected: number | undefined; onSelect: (id: number | undefined) => void; onHide: () => void }) {
  const { t } = useTranslation();
  const { nodes, loaded } = useLocations();
  const expanded = useExpanded(nodes);
  const toggle = () => {
    onSelect(undefined);
    onHide();
  };
  const data = useMemo(() => treeData(nest(nodes), (c) => t('locations.count', { count: c })), [nodes, t]);
  return (
    <nav aria-label={t('locations.tree')} data-testid="location-tree" style={{ width: 196, flex: 'none', position: 'sticky', top: 0, maxHeight: 'calc(100vh - 180px)', overflow: 'auto' }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Text strong>{t('locations.tree')}</Typography.Text>
        <Button size="small" type="text" icon={<MenuFoldOutlined />} aria-label={t('locations.hideTree')} title={t('locations.hideTree')} onClick={toggle} />
      </div>
      <Button size="small" type={selected === undefined ? 'primary' : 'text'} block style={{ textAlign: 'left', justifyContent: 'flex-start', margin: '4px 0' }} onClick={() => onSelect(undefined)} data-testid="tree-all">
        {t('locations.all')}
      </Button>
      {loaded && nodes.length === 0 ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('locations.none')}</Typography.Text>
      ) : (
        <Tree
          blockNode
          {...expanded}
          treeData={data}
          selectedKeys={selected === undefined ? [] : [selected]}
          onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
        />
      )}
    </nav>
  );
}
