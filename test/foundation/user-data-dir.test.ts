// The last step of the data-directory resolution (docs/design.md#data-directory): the platform's user-data folder,
// computed without Electron so browser mode and the desktop app agree on it.
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformUserDataDir } from '../../src/main/data-dir/resolve';

describe('platform user-data folder', () => {
  const home = os.homedir();
  it.each([
    ['win32', { APPDATA: 'C:\\Users\\lab\\AppData\\Roaming' }, path.join('C:\\Users\\lab\\AppData\\Roaming', 'Lab Desktop')],
    ['win32', {}, path.join(home, 'AppData', 'Roaming', 'Lab Desktop')],
    ['darwin', {}, path.join(home, 'Library', 'Application Support', 'Lab Desktop')],
    ['linux', { XDG_CONFIG_HOME: '/srv/config' }, path.join('/srv/config', 'Lab Desktop')],
    ['linux', {}, path.join(home, '.config', 'Lab Desktop')],
  ] as const)('%s with %o', (platform, env, expected) => {
    expect(platformUserDataDir(env, platform)).toBe(expected);
  });
});
