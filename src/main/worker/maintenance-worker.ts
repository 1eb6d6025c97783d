// Entry of the maintenance worker process (utilityProcess in the desktop app, child_process in
// browser mode). For now it answers health checks; completion maintenance plugs in here.
import { connectToParent } from './worker-port';

const port = connectToParent();
const started = Date.now();

port.onMessage((msg) => {
  switch (msg.type) {
    case 'health':
      port.send({ type: 'health', id: msg.id, pid: process.pid, uptimeMs: Date.now() - started });
      break;
    case 'shutdown':
      process.exit(0);
  }
});
port.send({ type: 'log', level: 'info', message: 'maintenance worker ready', data: { pid: process.pid } });
// A parent that dies without telling us must not leave an orphan behind (child_process mode).
process.on('disconnect', () => process.exit(0));
