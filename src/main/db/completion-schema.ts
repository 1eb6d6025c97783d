// completion.db — derived, rebuildable search data (spec 000). Owned by the completion subsystem.
import type { Migration } from './migrate';

export const completionMigrations: Migration[] = [
  {
    version: 1,
    description: 'completion meta',
    up(db) {
      db.exec(`
        CREATE TABLE completion_meta (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
      `);
    },
  },
];
