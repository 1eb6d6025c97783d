// Handlers for the auth domain of the contract: setup, session, users, app info, settings.
import { AppError } from '../../shared/errors';
import type { AppInfo } from '../../shared/contract';
import type { AuthService } from '../auth/auth-service';
import type { Logger } from '../logging';
import type { SettingsStore } from '../settings';
import { requireUser } from './context';
import type { HandlerTable } from './handler-table';

type AuthHandlerNames = 'setupStatus' | 'setup' | 'login' | 'logout' | 'me' | 'listUsers' | 'createUser' | 'updateUser' | 'resetPassword' | 'appInfo' | 'updateSettings' | 'events';

export interface AuthHandlerDeps {
  auth: AuthService;
  settings: Pick<SettingsStore, 'read' | 'update'>;
  log: Logger;
  appInfo: () => AppInfo;
  /** The port this run listens on: a saved port takes effect at the next start. */
  port: number;
  /** After the settings were written: the lab's time zone takes effect at once (app-services.ts). */
  settingsChanged: () => void;
}

export function authHandlers(s: AuthHandlerDeps): Pick<HandlerTable, AuthHandlerNames> {
  return {
    setupStatus: async () => ({ needed: await s.auth.setupNeeded() }),
    setup: async (input, ctx) => {
      const user = await s.auth.setup(input);
      const { token } = await s.auth.login(input.username, input.password);
      ctx.session.set(token);
      s.log.info({ user: user.username }, 'first administrator created');
      return user;
    },
    login: async (input, ctx) => {
      const { token, user } = await s.auth.login(input.username, input.password);
      ctx.session.set(token);
      s.log.info({ user: user.username, transport: ctx.transport }, 'login');
      return user;
    },
    logout: async (_input, ctx) => {
      await s.auth.logout(ctx.session.token);
      ctx.session.clear();
      return { ok: true as const };
    },
    me: (_input, ctx) => requireUser(ctx),
    listUsers: () => s.auth.list(),
    createUser: (input, ctx) => s.auth.createUser(input, requireUser(ctx).id),
    updateUser: ({ id, ...patch }, ctx) => s.auth.update(id, patch, requireUser(ctx).id),
    resetPassword: async ({ id, password }, ctx) => {
      await s.auth.resetPassword(id, password, requireUser(ctx).id);
      return { ok: true as const };
    },
    appInfo: () => s.appInfo(),
    updateSettings: (input) => {
      const before = s.settings.read();
      const after = s.settings.update(input);
      s.settingsChanged();
      return { port: after.port, restartRequired: after.port !== before.port || after.port !== s.port, timeZone: after.timeZone };
    },
    events: () => {
      throw new AppError('not_found', 'api.eventsHttpOnly');
    },
  };
}
