// Child process for the crash tests: restores `source` into `dataDir` (as the CLI does) and kills
// itself with SIGKILL at the named point, like a power cut. Usage: <dataDir> <source> <point>
import { completeInterruptedRestore } from '../../../src/main/backup/restore-journal';
import { commitRestore, stageRestore } from '../../../src/main/backup/restore';

const [dataDir, source, point] = process.argv.slice(2) as [string, string, string];
const die = (at: string) => {
  if (at === point) process.kill(process.pid, 'SIGKILL');
};

async function main(): Promise<void> {
  completeInterruptedRestore(dataDir);
  const staged = await stageRestore(dataDir, source);
  die('staged');
  commitRestore(staged, die);
  console.log('restored');
}
void main();
