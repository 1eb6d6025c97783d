// Operations: first-run setup, session, the current user, user administration, app info.
import { z } from 'zod';
import { op, returns } from './define';
import { empty, id, requiredText } from './common';
import type { Message } from '../messages';
import { isTimeZone } from '../time-zone';

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
  notices: Message[];
  worker: { state: 'starting' | 'running' | 'restarting' | 'stopped'; restarts: number; lastHealthAt: string | null };
  /** The lab's time zone as set ('' = the computer's) and the computer's own: every time shown,
   *  exported or reported is in the set one, else the computer's. */
  timeZone: { setting: string; computer: string };
}

const username = z
  .string({ error: 'field.text' })
  .trim()
  .min(2, 'field.minChars')
  .max(40, 'field.maxChars')
  .regex(/^[\p{L}\p{N}._-]+$/u, 'field.username');
const password = z.string({ error: 'field.text' }).min(8, 'field.minChars').max(200, 'field.maxChars');
const role = z.enum(ROLES, { error: 'field.oneOf' });

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
    input: z.object({ username: requiredText(40), password: z.string({ error: 'field.text' }).min(1, 'field.required').max(200) }).strict(),
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
    input: z.object({ id, displayName: requiredText(80).optional(), role: role.optional(), active: z.boolean({ error: 'field.boolean' }).optional() }).strict(),
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
    input: z
      .object({
        port: z.number({ error: 'field.number' }).int().min(1024, 'field.port').max(65535, 'field.port').optional(),
        /** An IANA name, or '' for the computer's zone. */
        timeZone: z.string({ error: 'field.text' }).refine((v) => v === '' || isTimeZone(v), 'field.timeZone').optional(),
      })
      .strict(),
    output: returns<{ port: number; restartRequired: boolean; timeZone: string }>(),
  }),
  events: op({ method: 'GET', path: '/events', access: 'user', input: empty, output: returns<never>(), httpOnly: true }),
};

