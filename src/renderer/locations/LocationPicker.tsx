// Picks one node of the location tree (antd TreeSelect): the tree to open, a search over the full
// paths, and the chosen node shown by its path. Works as a form control (value / onChange: the id).
import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { nest, useLocations, type LocationTreeNode } from './use-locations';

interface Option {
  value: number;
  title: string;
  path: string;
  disabled?: boolean;
  children: Option[];
}

function options(nodes: LocationTreeNode[], disabled: ReadonlySet<number>): Option[] {
  return nodes.map((n) => ({ value: n.id, title: n.name, path: n.path, disabled: disabled.has(n.id), children: options(n.children, disabled) }));
}

export function LocationPicker({ value, onChange, exclude, placeholder, id, ...rest }: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** Nodes that cannot be picked (with the nodes below them): a location's own subtree. */
  exclude?: number;
  placeholder?: string;
  id?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const { nodes } = useLocations();
  const treeData = useMemo(() => {
    const tree = nest(nodes);
    const off = new Set<number>();
    const mark = (list: LocationTreeNode[], inside: boolean) => list.forEach((n) => {
      const now = inside || n.id === exclude;
      if (now) off.add(n.id);
      mark(n.children, now);
    });
    mark(tree, false);
    return options(tree, off);
  }, [nodes, exclude]);
  return (
    <TreeSelect<number | null>
      id={id}
      data-testid={rest['data-testid'] ?? 'location-picker'}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={treeData}
      treeNodeLabelProp="path"
      showSearch={{ treeNodeFilterProp: 'path' }}
      treeDefaultExpandAll
      allowClear
      placeholder={placeholder ?? t('locations.pick')}
      notFoundContent={t('locations.none')}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  );
}
