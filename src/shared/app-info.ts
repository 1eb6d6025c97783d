// Identity of the app as seen by the extension and by clients of the loopback server.
export const APP_ID = 'lab-desktop';
export const APP_NAME = 'Lab Desktop';
/** Bumped when the HTTP API or the bridge hand-off changes incompatibly. */
export const API_VERSION = 1;
export const APP_VERSION_HEADER = 'x-lab-app-version';
export const CLIENT_HEADER = 'x-lab-client';
export const DEFAULT_PORT = 47821;
export const SESSION_COOKIE = 'lab_session';
