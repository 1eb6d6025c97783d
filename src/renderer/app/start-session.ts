// What the window asks for before the app's code has been evaluated (main.tsx): the session check
// (/users/me), the code of the screen the address points at and its first page. Free of React
// components and antd, so it runs while the browser is still evaluating them.
import { verifySession } from '../session/session-store';
import { screenSourceAt } from './screen-table';

/** The hash route's path and query (HashRouter's location, before the router exists). */
export function hashLocation(): { pathname: string; search: string } {
  const [pathname = '/', search = ''] = location.hash.replace(/^#/, '').split('?');
  return { pathname: pathname || '/', search: search ? `?${search}` : '' };
}

export const isSwitchAt = (pathname: string, search: string) => pathname === '/login' && new URLSearchParams(search).get('switch') === '1';

/**
 * Verifies the session with /users/me — unless this is an account switch — and meanwhile starts
 * fetching the code of the screen the address points at and its first data. Settles when all of
 * that has (failures included), so the first render can wait for it: one render of the signed-in
 * screen with its rows, instead of the "checking" page, then the shell with a loading line, then
 * the screen, then its rows.
 */
export function startSession(): Promise<unknown> {
  const { pathname, search } = hashLocation();
  const source = screenSourceAt(pathname);
  const screen = source ? source.load().catch(() => undefined) : Promise.resolve();
  if (isSwitchAt(pathname, search)) return screen;
  return Promise.all([verifySession(), source?.prefetch?.() ?? Promise.resolve(), screen]);
}
