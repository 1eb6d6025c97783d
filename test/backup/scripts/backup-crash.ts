// Child process for the crash tests: writes a backup of `dataDir` into its backups/ folder (as the
// app does) and kills itself with SIGKILL when the backup reaches the named phase.
// Usage: <dataDir> <phase>
import path from 'node:path';
import { createBackupArchive } from '../../../src/main/backup/create-backup';

const [dataDir, phase] = process.argv.slice(2) as [string, string];
void createBackupArchive(dataDir, path.join(dataDir, 'backups', 'backup-crash.zip'), { kind: 'manual', appVersion: 't' }, {
  workRoot: path.join(dataDir, 'backups'),
  progress: (p) => {
    if (p.phase === phase) process.kill(process.pid, 'SIGKILL');
  },
}).then(() => console.log('finished'));
