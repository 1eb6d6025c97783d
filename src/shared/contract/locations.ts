// Operations on the location tree (building › room › cabinet › shelf): list, create, rename, move,
// delete — and moving an inventory item to another node.
import { z } from 'zod';
import { op, returns, type OperationDef } from './define';
import { empty, id, shortText } from './common';
import type { InventoryItem } from '../records';
import type { LocationNode } from '../stock';

/** A node's own name. '›' is refused: paths join names with it, so a name holding it would read as two levels. */
const locationName = shortText(100)
  .min(1, 'field.required')
  .refine((s) => !s.includes('›'), 'field.locationSeparator');

const byId = z.object({ id }).strict();

export const locationOps = {
  listLocations: op({ method: 'GET', path: '/locations', access: 'user', input: empty, output: returns<LocationNode[]>() }),
  createLocation: op({
    method: 'POST',
    path: '/locations',
    access: 'admin',
    input: z.object({ name: locationName, parent_id: id.nullable().optional() }).strict(),
    output: returns<LocationNode>(),
  }),
  /** Rename and/or move under another parent (null: to the top level); the subtree's paths follow. */
  updateLocation: op({
    method: 'PATCH',
    path: '/locations/:id',
    access: 'admin',
    input: z.object({ id, name: locationName.optional(), parent_id: id.nullable().optional() }).strict(),
    output: returns<LocationNode>(),
  }),
  /** Refused while the node or a node below holds items; an empty subtree goes with it. */
  deleteLocation: op({ method: 'DELETE', path: '/locations/:id', access: 'admin', input: byId, output: returns<{ ok: true; removed: number }>() }),
  moveInventoryItem: op({
    method: 'POST',
    path: '/inventory/:id/move',
    access: 'member',
    input: z.object({ id, location_id: id, note: shortText(500).optional() }).strict(),
    output: returns<InventoryItem>(),
  }),
} satisfies Record<string, OperationDef>;

export type LocationCreate = z.output<typeof locationOps.createLocation.input>;
export type LocationUpdate = z.output<typeof locationOps.updateLocation.input>;
export type ItemMove = z.output<typeof locationOps.moveInventoryItem.input>;
