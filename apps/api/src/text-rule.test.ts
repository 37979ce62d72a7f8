import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textRuleTexts } from '@pitstop/core/messages';
import { users } from './db/schema.js';
import { bearer, ORIGIN, signUp, uniqueEmail } from './test/accounts.js';
import { createTestApp, type TestApp } from './test/app.js';
import { catalogueCsv, csvPartNumber, csvRow } from './test/catalogue.js';

/*
 * Issue #27: no text can crash a request. Every route the API documents is read from its own
 * OpenAPI description (the routes' zod schemas, as @fastify/swagger collected them), and for each
 * text in its path, query or JSON body one request is sent with a NUL in that text and one with a
 * C1 control character (U+0085), the rest of the request filled in with plausible values. Each
 * must be a 400 problem naming that field. The NUL is refused by the server's backstop
 * (lib/text-guard.ts) before the schemas run; the C1 character only by the route's schema, so a
 * new route whose schema takes a plain z.string() fails here.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
}
type Path = (string | number)[];

const UUID = '6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab';
/**
 * Path parameters whose schema says less than the rule it checks (a transform): they must be
 * valid, because a route's path is checked before its body, and a wrong path hides the body.
 */
const PATH_SAMPLES: Record<string, string> = {
  number: 'PS-10482',
  email: 'rider@example.com',
  file: 'pages.xml',
};
const NUL = '\u0000';
const C1 = '\u0085';

/** A union's branches (a nullable is one branch and null). */
function branches(schema: JsonSchema): JsonSchema[] {
  const options = (schema.oneOf ?? schema.anyOf)?.filter((s) => s.type !== 'null');
  return options?.length ? options : [schema];
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** A plausible value for a schema: the first branch, enum value or format, the smallest number. */
function sample(schema: JsonSchema): unknown {
  const [s = schema] = branches(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    case 'array':
      return [sample(s.items ?? {})];
    case 'string':
      if (s.format === 'uuid') return UUID;
      if (s.format === 'email') return 'rider@example.com';
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return 'a';
  }
}

interface TextField {
  path: Path;
  /** Free text (no enum, no format): its refusal must be the catalogue's message. */
  free: boolean;
}

/** Every string in a schema, with where it sits (arrays at their first item). */
function textFields(schema: JsonSchema, path: Path = []): TextField[] {
  const [s = schema] = branches(schema);
  switch (typeOf(s)) {
    case 'object':
      return Object.entries(s.properties ?? {}).flatMap(([k, v]) => textFields(v, [...path, k]));
    case 'array':
      return textFields(s.items ?? {}, [...path, 0]);
    case 'string':
      return [{ path, free: s.enum === undefined && s.const === undefined && s.format === undefined }];
    default:
      return [];
  }
}

function withValue(value: unknown, path: Path, text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withValue(copy[head], rest, text);
  return copy;
}

interface Case {
  name: string;
  method: string;
  url: string;
  payload?: unknown;
  field: string;
  free: boolean;
  public: boolean;
}

/** One request per text field of every documented route and per refused character. */
function casesOf(paths: Record<string, Record<string, Operation>>): Case[] {
  const cases: Case[] = [];
  for (const [template, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = (operation.parameters ?? []).filter((p) => p.in !== 'header');
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const base = {
        params: Object.fromEntries(
          parameters
            .filter((p) => p.in === 'path')
            .map((p) => [p.name, PATH_SAMPLES[p.name] ?? sample(p.schema)]),
        ),
        query: Object.fromEntries(
          parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, sample(p.schema)]),
        ),
      };
      const request = (
        params: Record<string, unknown>,
        query: Record<string, unknown>,
        payload?: unknown,
      ) => {
        const url = template.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(String(params[name])),
        );
        const search = new URLSearchParams(
          Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString();
        return { method: method.toUpperCase(), url: search ? `${url}?${search}` : url, payload };
      };
      // Each body shape (a union's branches) is its own set of cases, so the other fields fit it.
      const bodies = bodySchema ? branches(bodySchema).map((shape) => ({ shape, value: sample(shape) })) : [];
      const bodyValue = bodies[0]?.value;
      for (const character of [NUL, C1]) {
        const text = `a${character}b`;
        const label = character === NUL ? 'NUL' : 'U+0085';
        const common = { free: true, public: operation.security === undefined };
        for (const p of parameters) {
          const fields = textFields(p.schema);
          if (!fields.length) continue;
          const params = p.in === 'path' ? { ...base.params, [p.name]: text } : base.params;
          const query = p.in === 'query' ? { ...base.query, [p.name]: text } : base.query;
          cases.push({
            ...common,
            ...request(params, query, bodyValue),
            name: `${method.toUpperCase()} ${template} ${p.in} ${p.name} with ${label}`,
            field: p.name,
            free: fields[0]?.free ?? true,
          });
        }
        for (const { shape, value } of bodies) {
          for (const field of textFields(shape)) {
            const name = field.path.join('.');
            cases.push({
              ...common,
              ...request(base.params, base.query, withValue(value, field.path, text)),
              name: `${method.toUpperCase()} ${template} body ${name} with ${label}`,
              field: name,
              free: field.free,
            });
          }
        }
      }
    }
  }
  return cases;
}

/**
 * A stand-in for the web app's server renderer (as in plugins/pages.test.ts): /parts reads the
 * catalogue through the fetch it is given and writes the search text into the page, as the real
 * one does ("No parts match …").
 */
const RENDERER = `
export function createServerRenderer(origin, fetchApi) {
  return {
    async render(url) {
      const { pathname, searchParams } = new URL(url, origin);
      const page = (status, text) => ({ status, head: '<title>Parts</title>', body: '<main>' + text + '</main>', state: '{}', modules: [] });
      if (pathname !== '/parts') return page(404, 'Page not found');
      const q = searchParams.get('q') ?? '';
      const res = await fetchApi('/api/parts?q=' + encodeURIComponent(q), { method: 'GET', headers: { accept: 'application/json' } });
      return page(res.ok ? 200 : 500, 'Search: ' + q + ' (' + res.status + ')');
    },
  };
}
`;

async function writeWeb(): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-text-rule-'));
  await fs.mkdir(path.join(root, 'dist', 'assets'), { recursive: true });
  await fs.mkdir(path.join(root, 'dist-server'));
  await fs.writeFile(
    path.join(root, 'dist', 'index.html'),
    '<!doctype html><html><head><title>Pitstop</title></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(root, 'dist-server', 'entry-server.js'), RENDERER);
  return path.join(root, 'dist');
}

let t: TestApp;
let webDist: string;
let adminToken: string;
let cases: Case[];

beforeAll(async () => {
  webDist = await writeWeb();
  t = await createTestApp({ env: { WEB_DIST: webDist, AUTH_RATE_LIMIT: '1000' } });
  const admin = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  adminToken = admin.token;
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  cases = casesOf(doc.paths);
});
afterAll(async () => {
  await t.close();
  await fs.rm(path.dirname(webDist), { recursive: true, force: true });
});

async function expectRefused(c: Case, headers: Record<string, string>): Promise<string | null> {
  const res = await t.app.inject({
    method: c.method as 'GET',
    url: c.url,
    headers,
    ...(c.payload === undefined ? {} : { payload: c.payload as object }),
  });
  let body: { errors?: { field: string; message: string }[] } = {};
  try {
    body = res.json();
  } catch {
    // Not JSON: reported below as not a problem.
  }
  const error = body.errors?.find((e) => e.field === c.field);
  const problems: string[] = [];
  if (res.statusCode !== 400) problems.push(`answered ${res.statusCode}`);
  if (!String(res.headers['content-type']).startsWith('application/problem+json'))
    problems.push('not a problem');
  if (!error) problems.push(`no error for ${c.field}: ${res.body.slice(0, 300)}`);
  else if (c.free && error.message !== textRuleTexts.controlCharacters) {
    problems.push(`says "${error.message}" about ${c.field}`);
  }
  return problems.length ? `${c.name}: ${problems.join('; ')}` : null;
}

describe('control characters in every text of every route', () => {
  it('finds the routes and their texts', () => {
    // The catalogue's search, the garage, the sign-up-free routes the scanner hit: all in there.
    const names = cases.map((c) => c.name);
    for (const expected of [
      'GET /api/parts query q with NUL',
      'GET /api/parts/facets query q with NUL',
      'GET /api/search/suggest query q with NUL',
      'GET /api/vehicles/models query make with NUL',
      'GET /api/parts/{id}/fits query make with NUL',
      'POST /api/garage body make with NUL',
      'POST /api/credit-applications body businessName with NUL',
      'GET /api/order query email with NUL',
      'GET /api/order/{email} path email with NUL',
      'DELETE /api/user/{id} path id with NUL',
      'POST /api/parts body fitment.0.make with U+0085',
      'POST /api/reviews body descriptions with U+0085',
    ]) {
      expect(names).toContain(expected);
    }
    expect(cases.length).toBeGreaterThan(150);
  });

  it('refuses each with a 400 problem naming the field, signed in as an admin', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const failure = await expectRefused(c, bearer(adminToken));
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
  });

  it('refuses each on the public routes to anyone', async () => {
    const failures: string[] = [];
    const open = cases.filter((c) => c.public);
    expect(open.length).toBeGreaterThan(20);
    for (const c of open) {
      const failure = await expectRefused(c, {});
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
  });
});

describe('the catalogue CSV import', () => {
  function multipart(text: string) {
    const boundary = '----pitstoptextrule';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalogue.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      Buffer.from(text),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('lists a row with control characters in a cell as failed, naming the column; the good rows land', async () => {
    const rows = [
      csvRow({ name: 'Brake\u0000pads' }),
      csvRow({ part_number: csvPartNumber('NUL\u0000') }),
      csvRow({ seller: 'Moto\u0001Supply' }),
      csvRow({ description: 'Sintered\u0085pads' }),
      csvRow({ specifications: 'Material=Sin\u0000tered' }),
      csvRow({ fitment: 'Yamaha|YZF-R15\u0085|2017-2021|front' }),
      // A description keeps its tabs and line breaks.
      csvRow({ description: 'Sintered pads.\n\tFront caliper.' }),
    ];
    const body = multipart(catalogueCsv(rows));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/parts/import',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(adminToken) },
    });
    expect(res.statusCode).toBe(200);
    const result = res.json() as {
      created: number;
      failed: { line: number; field: string; message: string }[];
    };
    expect(result.created).toBe(1);
    const refusals = (field: string) =>
      result.failed.filter((f) => f.field === field && f.message.includes(textRuleTexts.controlCharacters));
    expect(result.failed.map((f) => f.line)).toEqual([2, 3, 4, 5, 6, 7]);
    for (const column of ['name', 'part_number', 'seller', 'description', 'specifications', 'fitment']) {
      expect(refusals(column), column).toHaveLength(1);
    }
  });
});

describe('sign-up and the profile name (better-auth)', () => {
  const signUpWith = (payload: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Rider', email: uniqueEmail(), password: 'secret-pass-1', ...payload },
    });

  it('refuses control characters in the name or the email with a 400 problem naming the field', async () => {
    for (const [field, value] of [
      ['name', 'Ri\u0000der'],
      ['name', 'Ri\u0085der'],
      ['name', 'Ri\nder'],
      ['email', `ri\u0000der${Date.now()}@example.com`],
      ['password', 'secret-pass-1\u0001'],
    ] as const) {
      const res = await signUpWith({ [field]: value });
      expect(res.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        detail: textRuleTexts.controlCharacters,
        errors: [{ field, message: textRuleTexts.controlCharacters }],
      });
    }
  });

  it('stores the name NFC-normalised, and refuses a profile update the same way', async () => {
    const res = await signUpWith({ name: 'Jose\u0301 Mu\u0308ller' });
    expect(res.statusCode).toBe(200);
    const token = String(res.headers['set-auth-token']);
    const me = await t.app.inject({ url: '/api/me', headers: bearer(token) });
    expect(me.json().name).toBe('Jos\u00e9 M\u00fcller');

    const update = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...bearer(token), origin: ORIGIN },
      payload: { name: 'Jos\u00e9\u0000' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().errors).toEqual([{ field: 'name', message: textRuleTexts.controlCharacters }]);
  });
});

describe('the server-rendered catalogue search', () => {
  it('moves a search with control characters to the same search with spaces: never a 500, never a NUL in the page', async () => {
    for (const [url, cleaned] of [
      ['/parts?q=brake%00pads', '/parts?q=brake%20pads'],
      ['/parts?q=brake%C2%85pads&sort=price_asc', '/parts?q=brake%20pads&sort=price_asc'],
      ['/parts?q=a%00', '/parts?q=a%20'],
    ] as const) {
      const moved = await t.app.inject({ url });
      expect(moved.statusCode, url).toBe(301);
      expect(moved.headers.location).toBe(cleaned);
      const page = await t.app.inject({ url: cleaned });
      expect(page.statusCode, cleaned).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).not.toContain('\u0000');
      expect(page.body).not.toContain('\u0085');
    }
    const page = await t.app.inject({ url: '/parts?q=brake%20pads' });
    expect(page.body).toContain('<main>Search: brake pads (200)</main>');
  });

  it('drops them from a page’s path, and never makes it an address on another site', async () => {
    const home = await t.app.inject({ url: '/%00/evil' });
    expect(home.statusCode).toBe(301);
    expect(home.headers.location).toBe('/evil');
    const root = await t.app.inject({ url: '/?q=%01' });
    expect(root.statusCode).toBe(301);
    expect(root.headers.location).toBe('/?q=%20');
  });
});
