// Where an item is: every write path that sets an item's location goes through here, so
// `location_id` and the searchable path text `storage_location` always agree. A location given as
// text (older API clients, bulk import, the cart import's stock-in) is the node with that path,
// created as a new root node when there is none — as the upgrade to v7 did with free text.
import { fieldInvalid } from '../../shared/errors';
import type { Db } from '../db/open';
import { locationStore } from '../stores/location-store';
import { matchLocations } from './location-match';

export interface ResolvedLocation {
  location_id: number | null;
  storage_location: string;
}

/** The node `id` (refused with a field error when it does not exist). */
export function locationById(db: Db, id: number): ResolvedLocation {
  const path = locationStore(db).pathOf(id);
  if (path === undefined) throw fieldInvalid('location_id', 'field.noSuchRecord');
  return { location_id: id, storage_location: path };
}

/** The node whose path is `text`, created as a root node when missing; empty text is no location. */
export function locationByText(db: Db, text: string): ResolvedLocation {
  const path = text.trim();
  if (!path) return { location_id: null, storage_location: '' };
  const locations = locationStore(db);
  const found = locations.idByPath(path);
  if (found !== undefined) return { location_id: found, storage_location: path };
  return { location_id: locations.insert(null, path, path), storage_location: path };
}

/**
 * An existing node for a place written as text (a stock-in: its person picks from the tree, a script
 * may send the text): by path, by its segments written together, or by a unique last segment. A
 * text that matches nothing or several nodes is refused naming `storage_location`; nothing is created.
 */
export function existingLocation(db: Db, text: string): ResolvedLocation {
  const [m] = matchLocations(db, [{ text: text.trim(), rows: 1 }]);
  if (!m?.match) {
    const candidates = (m?.candidates ?? []).map((c) => c.path).join('; ');
    throw fieldInvalid('storage_location', candidates ? 'location.ambiguous' : 'location.noMatch', { text: text.trim(), candidates });
  }
  return { location_id: m.match.id, storage_location: m.match.path };
}

/** An item's location from its input: `location_id` wins over the text; undefined when neither is given. */
export function resolveLocation(db: Db, input: { location_id?: number | null; storage_location?: string }): ResolvedLocation | undefined {
  if (input.location_id != null) return locationById(db, input.location_id);
  if (input.location_id === null) return { location_id: null, storage_location: '' };
  if (input.storage_location !== undefined) return locationByText(db, input.storage_location);
  return undefined;
}
