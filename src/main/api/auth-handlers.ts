// Handlers for the auth domain of the contract: setup, session, users, app info, settings.
import { AppError } from '../../shared/errors';
import type { AppServices } from '../app-services';
import { requireUser } from './context';
import type { HandlerTable } from './handlers';

type AuthHandlerNames = 'setupStatus' | 'setup' | 'login' | 'logout' | 'me' | 'listUsers' | 'createUser' | 'updateUser' | 'resetPassword' | 'appInfo' | 'updateSettings' | 'events';

export function authHandlers(s: AppServices): Pick<HandlerTable, AuthHandlerNames> {
  return {
    setupStatus: () => ({ needed: s.auth.setupNeeded() }),
    setup: (input, ctx) => {
      const user = s.auth.setup(input);
      const { token } = s.auth.login(input.username, input.password);
      ctx.session.set(token);
      s.log.info({ user: user.username }, 'first administrator created');
      return user;
    },
    login: (input, ctx) => {
      const { token, user } = s.auth.login(input.username, input.password);
      ctx.session.set(token);
      s.log.info({ user: user.username, transport: ctx.transport }, 'login');
      return user;
    },
    logout: (_input, ctx) => {
      s.auth.logout(ctx.session.token);
      ctx.session.clear();
      return { ok: true as const };
    },
    me: (_input, ctx) => requireUser(ctx),
    listUsers: () => s.auth.list(),
    createUser: (input, ctx) => {
      const u = s.auth.createUser(input, requireUser(ctx).id);
      s.events.emit({ type: 'users-changed' });
      return u;
    },
    updateUser: ({ id, ...patch }, ctx) => {
      const u = s.auth.update(id, patch, requireUser(ctx).id);
      s.events.emit({ type: 'users-changed' });
      return u;
    },
    resetPassword: ({ id, password }, ctx) => {
      s.auth.resetPassword(id, password, requireUser(ctx).id);
      return { ok: true as const };
    },
    appInfo: () => s.appInfo(),
    updateSettings: (input) => {
      const before = s.settings.read();
      const after = s.settings.update(input);
      return { port: after.port, restartRequired: after.port !== before.port || after.port !== s.port };
    },
    events: () => {
      throw new AppError('not_found', 'The event stream is served over HTTP only.');
    },
  };
}
