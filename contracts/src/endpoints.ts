import { array, mixed, number, object, string, type AnyObjectSchema } from 'yup';
import { locales } from './locales';
import { pageTypeIds } from './pages/page-types';
import { slugPattern } from './slugs';
import type { Access } from './permissions';
import {
  createUserSchema,
  forgotPasswordSchema,
  listQuerySchema,
  loginSchema,
  registerSchema,
  resetAccountSchema,
  setupSchema,
  updateUserSchema,
} from './users/schemas';

/** Where every call lives: `/api/cms` + the endpoint path. */
export const API_BASE = '/api/cms';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Koa-router style path below API_BASE, e.g. `/page/:id`. */
  path: string;
  /** A command appends events (command service); a query reads (query service). */
  kind: 'command' | 'query';
  /** The model named in error items. */
  model: string;
  /** The yup schema of the body (POST/PUT) or query string (GET), if the call takes one. */
  schema?: AnyObjectSchema;
  /** Who may call it; one middleware enforces this for every route (401 / 403 UM_01). */
  access: Access;
  /**
   * Whether the call changes state and so needs the session's X-CSRF-Token and
   * X-Requested-With: XMLHttpRequest. Every POST, PUT and DELETE does, except the read-only
   * POSTs that say `csrf: false` (the session check, which hands out the token, and slug look-ups).
   */
  csrf?: boolean;
  /** The body is multipart/form-data (a file upload) instead of JSON. */
  multipart?: boolean;
}

const text = (max = 254) => string().default('').max(max, 'V_11');
const requiredText = () => string().trim().required('V_01').max(254, 'V_11');

const plainObject = () =>
  mixed<Record<string, unknown>>()
    .default({})
    .test('object', 'V_12', (v) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v)));

// Props, images and files are checked against the block type's own schema by the command side;
// here they only need the right shape (an object schema without fields would strip them).
export const blockSchema = object({
  type: string().required('V_01'),
  key: string().required('V_01').max(64, 'V_14'),
  props: plainObject(),
  anchorPoint: string()
    .default('')
    .max(254, 'V_11')
    .matches(/^$|^[A-Za-z][A-Za-z0-9_-]*$/, 'V_12'),
  __images: array().of(plainObject()).default([]),
  __files: array().of(plainObject()).default([]),
});

export const seoSchemaFields = {
  seoTitle: text(),
  seoDescription: text(1000),
  seoKeywords: array().of(string().max(254, 'V_11').required('V_01')).default([]),
  seoImage: array()
    .of(string().required('V_01'))
    .nullable()
    .default([])
    .max(1, 'V_12')
    .transform((v: unknown) => (v === null ? [] : v)),
};

export const createPageSchema = object({
  title: requiredText(),
  slug: string()
    .trim()
    .lowercase()
    .transform((v: string) => (typeof v === 'string' ? v.replace(/^\/+|\/+$/g, '') : v))
    .required('V_01')
    .max(254, 'V_11')
    .matches(slugPattern, 'V_12'),
  type: string().required('V_01').oneOf(pageTypeIds as string[], 'V_12'),
  locale: string().required('V_01').oneOf(locales as readonly string[] as string[], 'V_12'),
  content: string().default('').max(100_000, 'V_14'),
  typeData: plainObject(),
});

export const storeVersionSchema = object({
  /** The page the version belongs to (the command side routes by it). */
  pageID: string().required('V_01').max(64, 'V_12'),
  /** The page revision the editor started from; a stale one answers 409. */
  revision: number().typeError('V_12').integer('V_12').min(0, 'V_12').required('V_01'),
  title: requiredText(),
  blocks: array().of(blockSchema).default([]).max(500, 'V_14'),
  ...seoSchemaFields,
});

export const publishSchema = object({
  revision: number().typeError('V_12').integer('V_12').min(0, 'V_12').optional(),
});

export const slugLookupSchema = object({
  slug: string().required('V_01').max(2048, 'V_14'),
});

export const endpoints = {
  // Authentication (spec section 7) and first-run setup.
  authLogin: { method: 'POST', path: '/auth/login', kind: 'command', model: 'user', schema: loginSchema, access: 'public' },
  authLogout: { method: 'POST', path: '/auth/logout', kind: 'command', model: 'user', access: 'public' },
  authUser: { method: 'POST', path: '/auth/user', kind: 'query', model: 'user', access: 'public', csrf: false },
  authRefreshSession: { method: 'POST', path: '/auth/refresh-session', kind: 'query', model: 'user', access: 'authenticated' },
  authRegister: { method: 'POST', path: '/auth/register', kind: 'command', model: 'user', schema: registerSchema, access: { permission: 'manage-users' } },
  authResetAccount: { method: 'POST', path: '/auth/reset-account', kind: 'command', model: 'user', schema: resetAccountSchema, access: 'public' },
  authForgotPassword: { method: 'POST', path: '/auth/forgot-password', kind: 'command', model: 'user', schema: forgotPasswordSchema, access: 'public' },
  authSetup: { method: 'POST', path: '/auth/setup', kind: 'command', model: 'user', schema: setupSchema, access: 'public' },
  // Users and roles.
  userList: { method: 'GET', path: '/user/list', kind: 'query', model: 'user', schema: listQuerySchema, access: { permission: 'manage-users' } },
  userCurrent: { method: 'GET', path: '/user', kind: 'query', model: 'user', access: 'authenticated' },
  userCreate: { method: 'POST', path: '/user', kind: 'command', model: 'user', schema: createUserSchema, access: { permission: 'manage-users' } },
  userUpdate: { method: 'PUT', path: '/user/:id', kind: 'command', model: 'user', schema: updateUserSchema, access: { permission: 'manage-users', orSelf: 'id' } },
  userDelete: { method: 'DELETE', path: '/user/:id', kind: 'command', model: 'user', access: { permission: 'manage-users' } },
  userImageStore: { method: 'PUT', path: '/user/:id/image', kind: 'command', model: 'user', access: { permission: 'manage-users', orSelf: 'id' }, multipart: true },
  userImageDelete: { method: 'DELETE', path: '/user/:id/image', kind: 'command', model: 'user', access: { permission: 'manage-users', orSelf: 'id' } },
  userImageGet: { method: 'GET', path: '/user/:id/image', kind: 'query', model: 'user', access: 'authenticated' },
  roleList: { method: 'GET', path: '/role/list', kind: 'query', model: 'role', access: { permission: 'manage-users' } },
  // Settings, pages, system.
  settingsGet: { method: 'GET', path: '/settings/get', kind: 'query', model: 'settings', access: 'public' },
  pageCreate: { method: 'POST', path: '/page/create', kind: 'command', model: 'page', schema: createPageSchema, access: { permission: 'create-page' } },
  pageGet: { method: 'GET', path: '/page/:id', kind: 'query', model: 'page', access: 'authenticated' },
  pageVersionFetch: { method: 'GET', path: '/page/version/fetch/:versionId', kind: 'query', model: 'pageVersion', access: 'authenticated' },
  pageVersionStore: { method: 'POST', path: '/page/version/:id/store', kind: 'command', model: 'pageVersion', schema: storeVersionSchema, access: { permission: 'edit-page' } },
  pagePublish: { method: 'POST', path: '/page/:id/publish', kind: 'command', model: 'page', schema: publishSchema, access: { permission: 'publish-page' } },
  pageGetBySlug: { method: 'POST', path: '/page/get-by-slug', kind: 'query', model: 'page', schema: slugLookupSchema, access: 'public', csrf: false },
  pageGetBySlugQuery: { method: 'GET', path: '/page/get-by-slug-query', kind: 'query', model: 'page', schema: slugLookupSchema, access: 'public' },
  projectionsStatus: { method: 'GET', path: '/system/projections', kind: 'query', model: 'projection', access: { permission: 'view-system' } },
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

/** Fills `:name` parameters of an endpoint path and prefixes the API base. */
export function endpointUrl(name: EndpointName, params: Record<string, string> = {}): string {
  const path = endpoints[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
  return API_BASE + path;
}

/** Whether a call needs the CSRF token (see Endpoint.csrf). */
export function needsCsrf(endpoint: Endpoint): boolean {
  return endpoint.csrf ?? endpoint.method !== 'GET';
}

export interface EndpointMatch {
  name: EndpointName;
  endpoint: Endpoint;
  params: Record<string, string>;
}

const compiled = (Object.entries(endpoints) as [EndpointName, Endpoint][])
  .map(([name, endpoint]) => {
    const keys: string[] = [];
    const source = endpoint.path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
      keys.push(key);
      return '([^/]+)';
    });
    return { name, endpoint, keys, pattern: new RegExp(`^${API_BASE}${source}/?$`) };
  })
  // A literal path wins over a parameter in the same place (/page/get-by-slug-query before /page/:id).
  .sort((a, b) => a.keys.length - b.keys.length);

/** The endpoint a request is for, with its path parameters; null when no endpoint has that method and path. */
export function matchEndpoint(method: string, path: string): EndpointMatch | null {
  for (const c of compiled) {
    if (c.endpoint.method !== method) continue;
    const m = c.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    c.keys.forEach((key, i) => {
      try {
        params[key] = decodeURIComponent(m[i + 1]!);
      } catch {
        params[key] = m[i + 1]!;
      }
    });
    return { name: c.name, endpoint: c.endpoint, params };
  }
  return null;
}
