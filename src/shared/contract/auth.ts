// Operations: first-run setup, session, the current user, user administration, app info.
import { z } from 'zod';
import { op, returns } from './define';
import { empty, id, requiredText } from './common';

export const ROLES = ['admin', 'member', 'public'] as const;
export type Role = (typeof ROLES)[number];

export interface UserInfo {
  id: number;
  username: string;
  displayName: string;
  role: Role;
  active: boolean;
}

export interface AppInfo {
  appName: string;
  version: string;
  apiVersion: number;
  mode: 'desktop' | 'browser';
  dataDir: string;
  port: number;
  /** Set when the loopback server could not listen (e.g. port taken); the UI shows it. */
  serverError: string | null;
  /** Things the user is told once, after the start that found them (e.g. completion data rebuilt). */
  notices: string[];
  worker: { state: 'starting' | 'running' | 'restarting' | 'stopped'; restarts: number; lastHealthAt: string | null };
}

const username = z
  .string({ error: 'must be text' })
  .trim()
  .min(2, 'at least 2 characters')
  .max(40, 'at most 40 characters')
  .regex(/^[\p{L}\p{N}._-]+$/u, 'letters, digits, dot, dash or underscore only');
const password = z.string({ error: 'must be text' }).min(8, 'at least 8 characters').max(200, 'at most 200 characters');
const role = z.enum(ROLES, { error: 'must be admin, member or public' });

export const authOps = {
  setupStatus: op({ method: 'GET', path: '/setup', input: empty, access: 'none', output: returns<{ needed: boolean }>() }),
  setup: op({
    method: 'POST',
    path: '/setup',
    access: 'none',
    input: z.object({ username, password, displayName: requiredText(80) }).strict(),
    output: returns<UserInfo>(),
  }),
  login: op({
    method: 'POST',
    path: '/session',
    access: 'none',
    input: z.object({ username: requiredText(40), password: z.string({ error: 'must be text' }).min(1, 'is required').max(200) }).strict(),
    output: returns<UserInfo>(),
  }),
  logout: op({ method: 'DELETE', path: '/session', access: 'none', input: empty, output: returns<{ ok: true }>() }),
  me: op({ method: 'GET', path: '/users/me', access: 'user', input: empty, output: returns<UserInfo>() }),
  listUsers: op({ method: 'GET', path: '/users', access: 'admin', input: empty, output: returns<UserInfo[]>() }),
  createUser: op({
    method: 'POST',
    path: '/users',
    access: 'admin',
    input: z.object({ username, password, displayName: requiredText(80), role }).strict(),
    output: returns<UserInfo>(),
  }),
  updateUser: op({
    method: 'PATCH',
    path: '/users/:id',
    access: 'admin',
    input: z.object({ id, displayName: requiredText(80).optional(), role: role.optional(), active: z.boolean({ error: 'must be true or false' }).optional() }).strict(),
    output: returns<UserInfo>(),
  }),
  resetPassword: op({
    method: 'POST',
    path: '/users/:id/password',
    access: 'admin',
    input: z.object({ id, password }).strict(),
    output: returns<{ ok: true }>(),
  }),
  appInfo: op({ method: 'GET', path: '/app-info', access: 'user', input: empty, output: returns<AppInfo>() }),
  updateSettings: op({
    method: 'PUT',
    path: '/settings',
    access: 'admin',
    input: z.object({ port: z.number({ error: 'must be a number' }).int().min(1024, 'must be 1024–65535').max(65535, 'must be 1024–65535').optional() }).strict(),
    output: returns<{ port: number; restartRequired: boolean }>(),
  }),
  events: op({ method: 'GET', path: '/events', access: 'user', input: empty, output: returns<never>(), httpOnly: true }),
};

