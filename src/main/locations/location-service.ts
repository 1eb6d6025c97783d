// The location tree: admins create, rename, move and delete nodes; an item points to one node and
// keeps its path as searchable text (location-tree.ts keeps the two in step on every write path).
// A rename or move rewrites the path of the whole subtree and the storage_location (with its search
// columns and sort key) of every item in it, in one write unit with one audit entry on the node.
import { AppError, fieldError, fieldInvalid } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import type { ItemMove, LocationCreate, LocationUpdate } from '../../shared/contract/locations';
import type { InventoryItem } from '../../shared/records';
import { LOCATION_SEPARATOR, type LocationNode } from '../../shared/stock';
import { afterCommit, type RecordsDeps } from '../records/deps';
import { locationById } from './location-tree';
import { derivedColumns, searchColumns } from '../records/search';
import { sortKey } from '../records/sort-key';
import { readItem } from '../records/inventory-service';
import { recordAudit } from '../audit/audit-log';
import type { LocationRow } from '../stores/location-store';
import type { LabReads, LabWrites } from '../stores/lab-data';

const ENDPOINT = '/inventory/' as const;
const ENTITY = 'location';

export class LocationService {
  constructor(readonly d: RecordsDeps) {}

  /** The whole tree in path order, with the present items at each node and at it and below. */
  async list(): Promise<LocationNode[]> {
    const rows = await this.d.data.read((r) => r.locations.withItemCounts());
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

  async get(id: number): Promise<LocationNode> {
    const node = (await this.list()).find((n) => n.id === id);
    if (!node) throw notFound(id);
    return node;
  }

  async create(actor: UserInfo, input: LocationCreate): Promise<LocationNode> {
    const id = await this.d.data.withWriteTransaction(async (tx) => {
      const parent = input.parent_id != null ? await findNode(tx, input.parent_id, 'parent_id') : null;
      const path = joinPath(parent?.path ?? null, input.name);
      await checkFree(tx, path, null);
      const newId = await tx.locations.insert(parent?.id ?? null, input.name, path);
      await recordAudit(tx, { userId: actor.id, entityType: ENTITY, entityId: newId, action: 'create', changes: { name: [null, input.name], path: [null, path] } });
      return newId;
    });
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [] }]);
    return this.get(id);
  }

  async update(actor: UserInfo, input: LocationUpdate): Promise<LocationNode> {
    const changedItems = await this.d.data.withWriteTransaction(async (tx) => {
      const before = await findNode(tx, input.id, 'id');
      const name = input.name ?? before.name;
      const parentId = input.parent_id === undefined ? before.parent_id : input.parent_id;
      let parentPath: string | null = null;
      if (parentId !== null) {
        const parent = await findNode(tx, parentId, 'parent_id');
        if ((await tx.locations.subtreeIds(before.id)).includes(parent.id)) {
          throw new AppError('validation', 'locations.ownSubtree', { path: before.path }, { fields: fieldError('parent_id', 'field.locationOwnSubtree') });
        }
        parentPath = parent.path;
      }
      const path = joinPath(parentPath, name);
      if (path === before.path && parentId === before.parent_id) return [];
      await checkFree(tx, path, before.id);
      const ids = await tx.locations.subtreeIds(before.id);
      await tx.locations.update(before.id, { name, parent_id: parentId });
      // The subtree's paths: the old prefix becomes the new one (every path below starts with it).
      if (!(await tx.locations.rebasePaths(ids, path, before.path.length))) throw taken(path);
      const itemIds = await rewriteItems(tx, ids);
      const changes: Record<string, [unknown, unknown]> = { name: [before.name, name], path: [before.path, path], items: [null, itemIds.length] };
      if (parentId !== before.parent_id) changes.parent = [parentOf(before.path, before.name), parentPath];
      await recordAudit(tx, { userId: actor.id, entityType: ENTITY, entityId: before.id, action: 'update', changes });
      return itemIds;
    });
    // Open inventory lists and location trees refresh (the event also says so when no item changed).
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: changedItems, bulk: changedItems.length > 1 }]);
    return this.get(input.id);
  }

  /** Deletes the node and the (empty) nodes below it; refused while any of them holds present items. */
  async delete(actor: UserInfo, id: number): Promise<{ ok: true; removed: number }> {
    const removed = await this.d.data.withWriteTransaction(async (tx) => {
      const before = await findNode(tx, id, 'id');
      const ids = await tx.locations.subtreeIds(id);
      // Items in stock or borrowed are physically there: they block the delete.
      const count = await tx.inventory.presentCountAt(ids);
      if (count > 0) throw new AppError('conflict', 'locations.hasItems', { path: before.path, count }, { details: { count } });
      // Used-up and disposed items keep their last path as text; the node they pointed to is gone.
      await tx.inventory.detachFromLocations(ids);
      // Deepest first: a node's children go before it (parent_id references the node).
      const nodes = await tx.locations.deepestFirst(ids);
      for (const n of nodes) await tx.locations.delete(n);
      await recordAudit(tx, { userId: actor.id, entityType: ENTITY, entityId: id, action: 'delete', changes: { name: [before.name, null], path: [before.path, null], removed: [null, nodes.length] } });
      return nodes.length;
    });
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [] }]);
    return { ok: true, removed };
  }

  /** Moves an item (in stock or borrowed) to node `location_id`: a `moved` movement in its ledger. */
  async moveItem(actor: UserInfo, input: ItemMove): Promise<InventoryItem> {
    await this.d.data.withWriteTransaction(async (tx) => {
      const item = await readItem(tx, input.id);
      if (item.status !== 'in_stock' && item.status !== 'borrowed') {
        throw new AppError('conflict', 'locations.itemNotPresent', { id: item.id, status: item.status });
      }
      const to = await locationById(tx.locations, input.location_id);
      if (to.location_id === item.location_id) throw fieldInvalid('location_id', 'field.sameLocation');
      const row = { ...item, storage_location: to.storage_location } as unknown as Record<string, unknown>;
      await tx.inventory.update(item.id, { location_id: to.location_id, storage_location: to.storage_location, ...derivedColumns(ENDPOINT, row) });
      await tx.movements.insert({
        item_id: item.id, user_id: actor.id, kind: 'moved', amount: item.quantity, delta: 0, unit: item.unit, balance_after: item.quantity, reason: input.note ?? '',
        from_location_id: item.location_id, to_location_id: to.location_id, from_location: item.storage_location || null, to_location: to.storage_location,
      });
      await recordAudit(tx, { userId: actor.id, entityType: 'inventory_item', entityId: item.id, action: 'move', changes: { storage_location: [item.storage_location, to.storage_location], ...(input.note ? { note: [null, input.note] } : {}) } });
    });
    afterCommit(this.d, [{ endpoint: ENDPOINT, ids: [input.id] }]);
    return this.d.data.read((r) => readItem(r, input.id));
  }
}

/**
 * Items of the given nodes take their node's current path, with the search columns, pinyin and
 * the sort key that depend on it, in one statement (a building can hold thousands of items: the sort key
 * is made once per path, and the search index's trigger runs inside one statement).
 */
async function rewriteItems(tx: Pick<LabWrites, 'inventory'>, nodeIds: number[]): Promise<number[]> {
  const rows = await tx.inventory.withStalePath(nodeIds);
  if (!rows.length) return [];
  const sortKeys = new Map<string, string>();
  const values = rows.map((r) => {
    const search = searchColumns(ENDPOINT, { ...r, storage_location: r.new_path });
    if (!sortKeys.has(r.new_path)) sortKeys.set(r.new_path, sortKey(r.new_path));
    return [r.id, r.new_path, search.s_storage_location as string, search.search_all as string, sortKeys.get(r.new_path)!, search.py_storage_location as string] as const;
  });
  await tx.inventory.setLocationTexts(values);
  return rows.map((r) => r.id);
}

async function findNode(r: Pick<LabReads, 'locations'>, id: number, field: string): Promise<LocationRow> {
  const row = await r.locations.byId(id);
  if (!row) throw notFound(id, field);
  return row;
}

/** A path names one node: another node with it (a sibling of the same name) is refused. */
async function checkFree(r: Pick<LabReads, 'locations'>, path: string, self: number | null): Promise<void> {
  const other = await r.locations.idByPath(path);
  if (other !== undefined && other !== self) throw taken(path);
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
