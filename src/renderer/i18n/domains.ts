// Each domain keeps its UI strings in its own bundle file (`<domain>.i18n.ts` exporting
// `{ key, en, zh }`) and registers it here; they are merged under `<key>.` in both languages.
export interface DomainBundle {
  key: string;
  en: Record<string, unknown>;
  zh: Record<string, unknown>;
}

import * as cartBundle from '../cart-import/cart.i18n';
import * as completionBundle from '../completion/completion.i18n';
import * as recordsBundle from '../records/records.i18n';
import * as dataBundle from '../data/data.i18n';
import * as formatBundle from '../app/format.i18n';
import * as auditBundle from '../audit/audit.i18n';
import * as tableBundle from '../records/table.i18n';
import * as accountBundle from '../screens/account.i18n';
import * as exportFileBundle from '../records/export-file.i18n';
import * as lazyBundle from '../app/lazy.i18n';
import * as importProgressBundle from '../records/import-progress.i18n';
import * as stockBundle from '../records/stock.i18n';
import * as locationsBundle from '../locations/locations.i18n';
import * as dashboardBundle from '../dashboard/dashboard.i18n';
import * as itemFieldsBundle from '../records/item-fields.i18n';
import * as controlledBundle from '../controlled/controlled.i18n';
import * as labelsBundle from '../labels/labels.i18n';
import * as stocktakeBundle from '../stocktake/stocktake.i18n';
import * as notificationsBundle from '../notifications/notifications.i18n';
import * as referenceBundle from '../reference/reference.i18n';

export const domainBundles: DomainBundle[] = [cartBundle, completionBundle, dataBundle, recordsBundle, formatBundle, auditBundle, tableBundle, accountBundle, exportFileBundle, lazyBundle, importProgressBundle,
  stockBundle, locationsBundle, dashboardBundle, itemFieldsBundle, controlledBundle, labelsBundle, stocktakeBundle, notificationsBundle, referenceBundle];
