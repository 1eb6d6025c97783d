// Child process: a writer that keeps inserting inventory rows, one transaction each, until killed.
// Usage: <dataDir> continuous | <dataDir> wal <rows> [lock]
//  continuous: insert forever (the backup-under-load test);
//  wal: insert <rows> rows with automatic checkpoints off (they stay in lab.db-wal), optionally
//       holding instance.lock like a running app, print "ready" and wait to be killed.
import path from 'node:path';
import Database from 'better-sqlite3';
import { acquireInstanceLock } from '../../../src/main/data-dir/instance-lock';

const [dataDir, mode, rowsArg, lockArg] = process.argv.slice(2) as [string, string, string?, string?];
const db = new Database(path.join(dataDir, 'lab.db'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
const ins = db.prepare(`INSERT INTO inventory_items (name, quantity, unit, status) VALUES (?, 1, 'g', 'in_stock')`);

if (mode === 'continuous') {
  let i = 0;
  const loop = () => {
    for (let k = 0; k < 200; k++) ins.run(`live ${i++}`);
    setImmediate(loop);
  };
  console.log('writing');
  loop();
} else {
  if (lockArg === 'lock') acquireInstanceLock(dataDir, { mode: 'test-writer' });
  db.pragma('wal_autocheckpoint = 0');
  const n = Number(rowsArg);
  for (let i = 0; i < n; i++) ins.run(`wal ${i}`);
  console.log('ready');
  setInterval(() => {}, 1000);
}
