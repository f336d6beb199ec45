import { array, mixed, number, object, string, type AnyObjectSchema } from 'yup';
import { locales } from './locales';
import { pageTypeIds } from './pages/page-types';
import { slugPattern } from './slugs';

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
  settingsGet: { method: 'GET', path: '/settings/get', kind: 'query', model: 'settings' },
  pageCreate: { method: 'POST', path: '/page/create', kind: 'command', model: 'page', schema: createPageSchema },
  pageGet: { method: 'GET', path: '/page/:id', kind: 'query', model: 'page' },
  pageVersionFetch: { method: 'GET', path: '/page/version/fetch/:versionId', kind: 'query', model: 'pageVersion' },
  pageVersionStore: { method: 'POST', path: '/page/version/:id/store', kind: 'command', model: 'pageVersion', schema: storeVersionSchema },
  pagePublish: { method: 'POST', path: '/page/:id/publish', kind: 'command', model: 'page', schema: publishSchema },
  pageGetBySlug: { method: 'POST', path: '/page/get-by-slug', kind: 'query', model: 'page', schema: slugLookupSchema },
  pageGetBySlugQuery: { method: 'GET', path: '/page/get-by-slug-query', kind: 'query', model: 'page', schema: slugLookupSchema },
  projectionsStatus: { method: 'GET', path: '/system/projections', kind: 'query', model: 'projection' },
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

/** Fills `:name` parameters of an endpoint path and prefixes the API base. */
export function endpointUrl(name: EndpointName, params: Record<string, string> = {}): string {
  const path = endpoints[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
  return API_BASE + path;
}
