// completion.db's migrations in order: one frozen file per version (src/main/db/README.md).
import type { Migration } from '../../migrate';
import { v001 } from './v001-initial';
import { v002 } from './v002-short-prefix-columns';
import { v003 } from './v003-entity-index-tables';
import { v004 } from './v004-covering-prefix-indexes';
import { v005 } from './v005-three-four-prefix-indexes';
import { v006 } from './v006-case-fold-memory';

export const completionMigrations: readonly Migration[] = [v001, v002, v003, v004, v005, v006];
