// Handlers of Settings → Data (src/shared/contract/data.ts): thin over the backup service.
import type { AppServices } from '../app-services';
import type { HandlerTable } from './handlers';
import { carrySessions, readLiveSessions } from '../auth/session-carry';

type DataHandlerNames = 'dataStatus' | 'backupNow' | 'previewRestore' | 'restoreData' | 'updateBackupSettings' | 'moveDataDir';

export function dataHandlers(s: AppServices): Pick<HandlerTable, DataHandlerNames> {
  return {
    dataStatus: () => s.backups.status(),
    backupNow: ({ outDir }) => s.backups.backupNow(outDir),
    previewRestore: ({ source }) => s.backups.previewRestore(source),
    restoreData: async ({ source, acceptWarnings }) => {
      const live = readLiveSessions(s.dbs.lab);
      const result = await s.backups.restore(source, { acceptWarnings });
      // `s.dbs` is the restored directory's by now (reopen swapped every service).
      carrySessions(s.dbs.lab, live);
      return result;
    },
    updateBackupSettings: ({ keep }) => ({ keep: s.backups.setKeep(keep) }),
    moveDataDir: ({ target }) => s.backups.move(target),
  };
}
