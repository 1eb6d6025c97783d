// lab.db — the facts: users, sessions, audit, inventory, orders, stock, controlled chemicals.
// Its migrations in order: one frozen file per version (src/main/db/README.md).
import type { Migration } from '../../migrate';
import { v001 } from './v001-initial';
import { v002 } from './v002-import-submissions';
import { v003 } from './v003-case-fold-search-columns';
import { v004 } from './v004-sort-keys';
import { v005 } from './v005-unit-price-null';
import { v006 } from './v006-list-search-index';
import { v007 } from './v007-stock-ledger';
import { v008 } from './v008-controlled-chemicals';
import { v009 } from './v009-stocktakes';
import { v010 } from './v010-search-index-letters';
import { v011 } from './v011-item-notes';
import { v012 } from './v012-notifications';
import { v013 } from './v013-pinyin-search';
import { v014 } from './v014-borrow-purpose-hazard-flag';

export const labMigrations: readonly Migration[] = [v001, v002, v003, v004, v005, v006, v007, v008, v009, v010, v011, v012, v013, v014];
