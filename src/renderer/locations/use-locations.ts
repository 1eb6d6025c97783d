// The location tree as the screens use it: the flat list from the server, nested for antd's Tree
// and TreeSelect, reloaded when the inventory changes (counts move) or a location is edited
// (the service announces both as a change of the inventory list).
import { useCallback, useEffect, useState, type Key } from 'react';
import { call, subscribeEvents } from '../api/client';
import type { LocationNode } from '../../shared/stock';

export interface LocationTreeNode extends LocationNode {
  children: LocationTreeNode[];
}

/** Nodes nested under their parents, siblings by name (a node whose parent is missing is a root). */
export function nest(nodes: LocationNode[]): LocationTreeNode[] {
  const byId = new Map<number, LocationTreeNode>(nodes.map((n) => [n.id, { ...n, children: [] }]));
  const roots: LocationTreeNode[] = [];
  for (const n of byId.values()) {
    const parent = n.parent_id === null ? undefined : byId.get(n.parent_id);
    (parent ? parent.children : roots).push(n);
  }
  const sort = (list: LocationTreeNode[]) => {
    list.sort((a, b) => a.name.localeCompare(b.name, 'zh-CN', { numeric: true }));
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

export function useLocations() {
  const [nodes, setNodes] = useState<LocationNode[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setNodes(await call('listLocations', {}));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoaded(true);
    }
  }, []);
  useEffect(() => {
    void reload();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = subscribeEvents((e) => {
      if (e.type !== 'records-changed' || e.endpoint !== '/inventory/') return;
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), 150);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [reload]);
  return { nodes, loaded, error, reload };
}

/** Expanded nodes of a Tree: all, new ones included, except those the user folded. */
export function useExpanded(nodes: LocationNode[]) {
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const expandedKeys = nodes.filter((n) => !folded.has(n.id)).map((n) => n.id);
  const onExpand = (keys: Key[]) => {
    const open = new Set(keys.map(Number));
    setFolded(new Set(nodes.filter((n) => !open.has(n.id)).map((n) => n.id)));
  };
  return { expandedKeys, onExpand };
}
