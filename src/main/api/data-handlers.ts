// Handlers of Settings → Data (src/shared/contract/data.ts): thin over the backup service.
import type { BackupService } from '../backup/backup-service';
import type { HandlerTable } from './handler-table';

type DataHandlerNames = 'dataStatus' | 'backupNow' | 'previewRestore' | 'restoreData' | 'updateBackupSettings' | 'checkMoveTarget' | 'moveDataDir';

export interface DataHandlerDeps {
  backups: Pick<BackupService, 'status' | 'backupNow' | 'previewRestore' | 'restore' | 'setKeep' | 'checkMoveTarget' | 'move'>;
}

export function dataHandlers(s: DataHandlerDeps): Pick<HandlerTable, DataHandlerNames> {
  return {
    dataStatus: () => s.backups.status(),
    backupNow: ({ outDir }) => s.backups.backupNow(outDir),
    previewRestore: ({ source }) => s.backups.previewRestore(source),
    restoreData: ({ source, acceptWarnings }) => s.backups.restore(source, { acceptWarnings }),
    updateBackupSettings: ({ keep }) => ({ keep: s.backups.setKeep(keep) }),
    checkMoveTarget: ({ target }) => s.backups.checkMoveTarget(target),
    moveDataDir: ({ target }) => s.backups.move(target),
  };
}
