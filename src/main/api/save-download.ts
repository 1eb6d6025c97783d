// Desktop delivery of a download operation's file: moved into a folder (the user's downloads
// folder, chosen by the shell) under its own name, `name (2).csv` when that is taken.
import fs from 'node:fs';
import path from 'node:path';
import type { DownloadFile, SaveDownload } from './ipc-handlers';

export function saveToFolder(folder: () => string): SaveDownload {
  return async (file: DownloadFile) => {
    const dir = folder();
    await fs.promises.mkdir(dir, { recursive: true });
    const ext = path.extname(file.fileName);
    const stem = file.fileName.slice(0, file.fileName.length - ext.length);
    for (let n = 1; ; n++) {
      const target = path.join(dir, n === 1 ? file.fileName : `${stem} (${n})${ext}`);
      try {
        // COPYFILE_EXCL: never overwrite a file the user already has.
        await fs.promises.copyFile(file.path, target, fs.constants.COPYFILE_EXCL);
        await fs.promises.rm(file.path, { force: true });
        return target;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
          await fs.promises.rm(file.path, { force: true });
          throw e;
        }
      }
    }
  };
}
