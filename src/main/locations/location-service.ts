// The location tree: admins create, rename, move and delete nodes; an item points to one node and
// keeps its path as searchable text (location-tree.ts keeps the two in step on every write path).
// A rename or move rewrites the path of the whole subtree and the storage_location (with its search
// columns and sort key) of every item in it, in one transaction with one audit entry on the node.
import { AppError, fieldError, fieldInvalid } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import type { ItemMove, LocationCreate, LocationUpdate } from '../../shared/contract/locations';
import type { InventoryItem } from '../../shared/records';
import { LOCATION_SEPARATOR, type LocationNode } from '../../shared/stock';
import { afterCommit, type RecordsDeps } from '../records/deps';
import { locationById } from './location-tree';
import { derivedColumns, searchColumns } from '../records/search';
import { sortKey } from '../records/sort-key';
import type { InventoryService } from '../records/inventory-service';
import { writeTransaction } from '../db/transaction';
import { locationStore, type LocationRow, type LocationWrites } from '../stores/location-store';
import { inventoryStore, type InventoryWrites } from '../stores/inventory-store';
import { stockMovementStore, type StockMovementWrites } from '../stores/stock-movement-store';

const ENDPOINT = '/inventory/' as const;
const ENTITY = 'location';

export class LocationService {
  private readonly locations: LocationWrites;
  private readonly items: InventoryWrites;
  private readonly movements: StockMovementWrites;

  constructor(
    readonly d: RecordsDeps,
    private readonly inventory: InventoryService,
  ) {
    this.locations = locationStore(d.db);
    this.items = inventoryStore(d.db);
    this.movements = stockMovementStore(d.db);
  }

  /** The whole tree in path order, with the present items at each node and at it and below. */
  list(): LocationNode[] {
    const rows = this.locations.withItemCounts();
    const byId = new Map(rows.map((r) => [r.id, { ...r, items_below: r.items_here }]));
    // Add each node's own count to every ancestor.
    for (const r of rows) {
      const seen = new Set<number>();
      for (let p = r.parent_id; p !== null && !seen.has(p); p = byId.get(p)?.parent_id ?? null) {
        seen.add(p);
        const up = byId.get(p);
        if (up) up.items_below += r.items_here;
      }
    }
    return [...byId.values()];
  }

  get(id: number): LocationNode {
    const node = this.list().find((n) => n.id === id);
    if (!node) throw notFound(id);
    return node;
  }

  create(actor: UserInfo, input: LocationCreate): LocationNode {
    const id = writeTransaction(this.d.db, () => {
      const parent = input.parent_id != null ? this.node(input.parent_id, 'parent_id') : null;
      const path = joinPath(parent?.path ?? null, input.name);
      this.checkFree(path, null);
      const newId = this.locations.insert(parent?.id ?? null, input.name, path);
      this.d.audit.record({ userId: actor.id, entityType: ENTITY, entityId: newId, action: 'create', changes: { name: [null, input.name], path: [null, path] } });
      return newId;
    });
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [] }]);
    return this.get(id);
  }

  update(actor: UserInfo, input: LocationUpdate): LocationNode {
    const changedItems = writeTransaction(this.d.db, () => {
      const before = this.node(input.id, 'id');
      const name = input.name ?? before.name;
      const parentId = input.parent_id === undefined ? before.parent_id : input.parent_id;
      let parentPath: string | null = null;
      if (parentId !== null) {
        const parent = this.node(parentId, 'parent_id');
        if (this.locations.subtreeIds(before.id).includes(parent.id)) {
          throw new AppError('validation', 'locations.ownSubtree', { path: before.path }, { fields: fieldError('parent_id', 'field.locationOwnSubtree') });
        }
        parentPath = parent.path;
      }
      const path = joinPath(parentPath, name);
      if (path === before.path && parentId === before.parent_id) return [];
      this.checkFree(path, before.id);
      const ids = this.locations.subtreeIds(before.id);
      this.locations.update(before.id, { name, parent_id: parentId });
      // The subtree's paths: the old prefix becomes the new one (every path below starts with it).
      if (!this.locations.rebasePaths(ids, path, before.path.length)) throw taken(path);
      const itemIds = this.rewriteItems(ids);
      const changes: Record<string, [unknown, unknown]> = { name: [before.name, name], path: [before.path, path], items: [null, itemIds.length] };
      if (parentId !== before.parent_id) changes.parent = [parentOf(before.path, before.name), parentPath];
      this.d.audit.record({ userId: actor.id, entityType: ENTITY, entityId: before.id, action: 'update', changes });
      return itemIds;
    });
    // Open inventory lists and location trees refresh (the event also says so when no item changed).
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: changedItems, bulk: changedItems.length > 1 }]);
    return this.get(input.id);
  }

  /** Deletes the node and the (empty) nodes below it; refused while any of them holds present items. */
  delete(actor: UserInfo, id: number): { ok: true; removed: number } {
    const removed = writeTransaction(this.d.db, () => {
      const before = this.node(id, 'id');
      const ids = this.locations.subtreeIds(id);
      // Items in stock or borrowed are physically there: they block the delete.
      const count = this.items.presentCountAt(ids);
      if (count > 0) throw new AppError('conflict', 'locations.hasItems', { path: before.path, count }, { details: { count } });
      // Used-up and disposed items keep their last path as text; the node they pointed to is gone.
      this.items.detachFromLocations(ids);
      // Deepest first: a node's children go before it (parent_id references the node).
      const nodes = this.locations.deepestFirst(ids);
      for (const n of nodes) this.locations.delete(n);
      this.d.audit.record({ userId: actor.id, entityType: ENTITY, entityId: id, action: 'delete', changes: { name: [before.name, null], path: [before.path, null], removed: [null, nodes.length] } });
      return nodes.length;
    });
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [] }]);
    return { ok: true, removed };
  }

  /** Moves an item (in stock or borrowed) to node `location_id`: a `moved` movement in its ledger. */
  moveItem(actor: UserInfo, input: ItemMove): InventoryItem {
    writeTransaction(this.d.db, () => {
      const item = this.inventory.get(input.id);
      if (item.status !== 'in_stock' && item.status !== 'borrowed') {
        throw new AppError('conflict', 'locations.itemNotPresent', { id: item.id, status: item.status });
      }
      const to = locationById(this.d.db, input.location_id);
      if (to.location_id === item.location_id) throw fieldInvalid('location_id', 'field.sameLocation');
      const row = { ...item, storage_location: to.storage_location } as unknown as Record<string, unknown>;
      this.items.update(item.id, { location_id: to.location_id, storage_location: to.storage_location, ...derivedColumns(ENDPOINT, row) });
      this.movements.insert({
        item_id: item.id, user_id: actor.id, kind: 'moved', amount: item.quantity, delta: 0, unit: item.unit, balance_after: item.quantity, reason: input.note ?? '',
        from_location_id: item.location_id, to_location_id: to.location_id, from_location: item.storage_location || null, to_location: to.storage_location,
      });
      this.d.audit.record({ userId: actor.id, entityType: 'inventory_item', entityId: item.id, action: 'move', changes: { storage_location: [item.storage_location, to.storage_location], ...(input.note ? { note: [null, input.note] } : {}) } });
    });
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [input.id] }]);
    return this.inventory.get(input.id);
  }

  /**
   * Items of the given nodes take their node's current path, with the search columns, pinyin and
   * the sort key that depend on it, in one statement (a building can hold thousands of items: the sort key
   * is made once per path, and the search index's trigger runs inside one statement).
   */
  private rewriteItems(nodeIds: number[]): number[] {
    const rows = this.items.withStalePath(nodeIds);
    if (!rows.length) return [];
    const sortKeys = new Map<string, string>();
    const values = rows.map((r) => {
      const search = searchColumns(ENDPOINT, { ...r, storage_location: r.new_path });
      if (!sortKeys.has(r.new_path)) sortKeys.set(r.new_path, sortKey(r.new_path));
      return [r.id, r.new_path, search.s_storage_location as string, search.search_all as string, sortKeys.get(r.new_path)!, search.py_storage_location as string] as const;
    });
    this.items.setLocationTexts(values);
    return rows.map((r) => r.id);
  }

  private node(id: number, field: string): LocationRow {
    const row = this.locations.byId(id);
    if (!row) throw notFound(id, field);
    return row;
  }

  /** A path names one node: another node with it (a sibling of the same name) is refused. */
  private checkFree(path: string, self: number | null): void {
    const other = this.locations.idByPath(path);
    if (other !== undefined && other !== self) throw taken(path);
  }
}

function joinPath(parentPath: string | null, name: string): string {
  return parentPath === null ? name : `${parentPath}${LOCATION_SEPARATOR}${name}`;
}

function parentOf(path: string, name: string): string | null {
  return path === name ? null : path.slice(0, path.length - name.length - LOCATION_SEPARATOR.length);
}

function notFound(id: number, field = 'id'): AppError {
  return new AppError(field === 'id' ? 'not_found' : 'validation', 'locations.noSuch', { id }, { fields: fieldError(field, 'field.noSuchRecord') });
}

function taken(path: string): AppError {
  return new AppError('conflict', 'locations.taken', { path }, { fields: fieldError('name', 'field.locationTaken', { path }) });
}
