// Handlers of Settings → Data (src/shared/contract/data.ts): thin over the backup service.
import type { AppServices } from '../app-services';
import type { HandlerTable } from './handlers';

type DataHandlerNames = 'dataStatus' | 'backupNow' | 'previewRestore' | 'restoreData' | 'updateBackupSettings' | 'moveDataDir';

export function dataHandlers(s: AppServices): Pick<HandlerTable, DataHandlerNames> {
  return {
    dataStatus: () => s.backups.status(),
    backupNow: ({ outDir }) => s.backups.backupNow(outDir),
    previewRestore: ({ source }) => s.backups.previewRestore(source),
    restoreData: ({ source, acceptWarnings }) => s.backups.restore(source, { acceptWarnings }),
    updateBackupSettings: ({ keep }) => ({ keep: s.backups.setKeep(keep) }),
    moveDataDir: ({ target }) => s.backups.move(target),
  };
}
