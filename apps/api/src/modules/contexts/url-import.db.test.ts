import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contexts } from '@hookwall/db';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { teamWithRoles } from '../media/media.test-helpers.ts';
import { truncate } from './product-page.ts';

/** Product pages served by a local web server, which remembers every request it saw. */
let server: Server;
let port: number;
let origin: string;
const seen: string[] = [];
type Page = (req: IncomingMessage, res: ServerResponse) => void;
const pages = new Map<string, Page>();

const send =
  (body: string | Buffer, headers: Record<string, string | number> = { 'content-type': 'text/html; charset=utf-8' }, status = 200): Page =>
  (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };
const redirect =
  (location: string, status = 302): Page =>
  (_req, res) => {
    res.writeHead(status, { location });
    res.end();
  };

let t: TestApp;
/** the same product, but 127.0.0.1 is not allowed: the forbidden addresses' app */
let strict: TestApp;
let admin: TestUser;
let reader: TestUser;
let outsider: TestUser;
let strictAdmin: TestUser;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url!);
    const page = pages.get(req.url!.split('?')[0]!);
    if (page) page(req, res);
    else send('<!doctype html><title>Not found</title><h1>Nothing here</h1>', { 'content-type': 'text/html' }, 404)(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ URL_IMPORT_ALLOW_HOSTS: ['127.0.0.1'], URL_IMPORT_TIMEOUT_MS: 1500 });
  ({ admin, reader, outsider } = await teamWithRoles(t.app));
  strict = await createTestApp({ URL_IMPORT_TIMEOUT_MS: 1500 });
  strictAdmin = (await userWithTeam(strict.app, 'Strict')).user;
});
afterAll(async () => {
  await t?.close();
  await strict?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(async () => {
  seen.length = 0;
  pages.clear();
  // each test starts with the team's imports of the minute uncounted (the limit has a test of its own)
  await t.deps.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'url-import:%'`);
});

const importUrl = (url: unknown, who: TestUser | null = admin, app: TestApp = t) => as(app.app, who)({ method: 'POST', url: '/api/contexts/from_url/', payload: { url } });
const contextCount = async (app: TestApp = t) => Number((await app.deps.db.select({ n: count() }).from(contexts))[0]!.n);

/** Imports a page and answers the created context, checking it was stored as answered. */
async function imported(path: string, page: Page) {
  pages.set(path, page);
  const res = await importUrl(`${origin}${path}`);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  expect((await as(t.app, admin)({ method: 'GET', url: `/api/contexts/${body.id}/` })).json()).toEqual(body);
  return body as { id: number; name: string; type: string; content: string; created_by: string };
}

/** A 400 on url, with its message; nothing created. */
async function refusedWith(url: unknown, message: string | RegExp, who: TestUser = admin, app: TestApp = t) {
  const before = await contextCount(app);
  const res = await importUrl(url, who, app);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['url']);
  expect(body.url).toHaveLength(1);
  if (typeof message === 'string') expect(body.url[0]).toBe(message);
  else expect(body.url[0]).toMatch(message);
  expect(await contextCount(app)).toBe(before);
}

const JSON_LD_PAGE = `<!doctype html>
<html lang="en"><head>
<meta charset="utf-8">
<title>AquaPure Bottle | Acme Outdoors</title>
<meta property="og:title" content="AquaPure Bottle – OG title">
<meta name="description" content="Meta description that JSON-LD overrides">
<script type="application/ld+json">{
  "@context": "https://schema.org",
  "@graph": [
    {"@type": "WebSite", "name": "Acme Outdoors", "url": "https://acme.example/"},
    {"@type": "BreadcrumbList", "itemListElement": []},
    {"@type": ["Product", "Thing"], "name": "AquaPure Bottle 750 ml 💧",
     "description": "<p>Keeps drinks ice-cold for 24 hours &amp; hot for 12.</p><p>Made for commuters, hikers and gym-goers.</p>",
     "brand": {"@type": "Brand", "name": "Acme"},
     "additionalProperty": [{"@type": "PropertyValue", "name": "Capacity", "value": "750 ml"}],
     "offers": [
       {"@type": "Offer", "price": "34.90", "priceCurrency": "EUR"},
       {"@type": "Offer", "price": "29.90", "priceCurrency": "EUR"}
     ]}
  ]
}</script>
<style>.x { color: red }</style>
</head><body>
<header><nav><ul><li><a href="/">Home</a></li><li><a href="/shop">Shop</a></li><li><a href="/about">About us</a></li></ul></nav></header>
<main>
  <h1>AquaPure Bottle</h1>
  <ul class="benefits"><li>Leak-proof lid</li><li>Dishwasher safe</li><li>BPA-free <strong>steel</strong></li></ul>
  <script>document.write('<li>Not a feature</li>')</script>
</main>
<footer><ul><li><a href="/terms">Terms</a></li><li><a href="/privacy">Privacy</a></li></ul></footer>
</body></html>`;

describe('POST /api/contexts/from_url/', () => {
  it('reads a JSON-LD Product (in @graph, typed by a list, brand as an object, offers as a list) and writes it as the product form does', async () => {
    const context = await imported('/bottle', send(JSON_LD_PAGE));
    expect(context).toMatchObject({ name: 'AquaPure Bottle 750 ml 💧', type: 'product' });
    expect(context.content).toBe(
      [
        'Keeps drinks ice-cold for 24 hours & hot for 12. Made for commuters, hikers and gym-goers.',
        '',
        'Brand: Acme.',
        'Price: from 29.90 to 34.90 EUR.',
        '',
        'What makes it special:',
        '- Capacity: 750 ml',
        '- Leak-proof lid',
        '- Dishwasher safe',
        '- BPA-free steel',
      ].join('\n'),
    );
    expect(seen).toEqual(['/bottle']);
    // listed with the team's contexts, by its author
    const list = (await as(t.app, admin)({ method: 'GET', url: '/api/contexts/?search=AquaPure' })).json();
    expect(list.results.map((c: { id: number }) => c.id)).toEqual([context.id]);
  });

  it('reads a product as one object, its offer as an object with a price specification, its brand as a string', async () => {
    const page = `<html><head><script type="application/ld+json">
      {"@context": "http://schema.org/", "@type": "http://schema.org/Product", "name": "Trail Shoe",
       "description": "Grippy soles for wet rock.", "brand": "Peak",
       "offers": {"@type": "Offer", "priceSpecification": {"price": 120, "priceCurrency": "usd"}}}
    </script></head><body><p>Other text</p></body></html>`;
    const context = await imported('/shoe', send(page));
    expect(context.name).toBe('Trail Shoe');
    expect(context.content).toBe('Grippy soles for wet rock.\n\nBrand: Peak.\nPrice: 120 USD.');
  });

  it('reads an Open Graph page without JSON-LD: title without the site name, description, price, site name as the brand', async () => {
    const page = `<!doctype html><html><head>
      <meta property="og:site_name" content="Lumen Labs">
      <meta property="og:title" content="Lumen Desk Lamp | Lumen Labs">
      <meta property="og:description" content="A desk lamp that follows daylight: warm at night, bright at noon.">
      <meta property="product:price:amount" content="89.00">
      <meta property="product:price:currency" content="GBP">
      <title>Ignored title</title></head><body><h1>Ignored heading</h1></body></html>`;
    const context = await imported('/lamp', send(page));
    expect(context.name).toBe('Lumen Desk Lamp');
    expect(context.content).toBe('A desk lamp that follows daylight: warm at night, bright at noon.\n\nBrand: Lumen Labs.\nPrice: 89.00 GBP.');
  });

  it('falls back to meta and twitter tags, then to <title> and <h1>', async () => {
    const twitter = await imported(
      '/twitter',
      send('<head><meta name="twitter:title" content="Nimbus Pillow"><meta name="twitter:description" content="Sleeps cool all night."></head>'),
    );
    expect(twitter).toMatchObject({ name: 'Nimbus Pillow', content: 'Sleeps cool all night.' });
    const titled = await imported('/titled', send('<head><title>Orbit Speaker - orbit.example</title><meta name="description" content="360° sound in a fist-sized speaker."></head><body></body>'));
    expect(titled).toMatchObject({ name: 'Orbit Speaker - orbit.example', content: '360° sound in a fist-sized speaker.' });
  });

  it('reads a plain article page from its main text: the largest article, its paragraphs, its bullet list as features', async () => {
    const page = `<!doctype html><html><head><title>Why our planner works</title></head><body>
      <nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
      <aside><p>Subscribe to our newsletter!</p></aside>
      <article><h1>The Focus Planner</h1>
        <p>The Focus   Planner turns a messy week
        into three priorities a day.</p>
        <p>Each page takes five minutes, morning and evening.</p>
        <ul><li>Undated pages, start any day</li><li>Lay-flat binding</li></ul>
      </article>
      <article><p>Short teaser.</p></article>
      <footer><p>© 2026 Focus Co.</p></footer></body></html>`;
    const context = await imported('/article', send(page));
    expect(context.name).toBe('The Focus Planner');
    expect(context.content).toBe(
      'The Focus Planner turns a messy week into three priorities a day.\n\nEach page takes five minutes, morning and evening.\n\nWhat makes it special:\n- Undated pages, start any day\n- Lay-flat binding',
    );
  });

  it('finds the largest text block on a page without <main> or <article>', async () => {
    const page = `<body><div id="menu"><p>Menu</p></div><div class="copy"><p>Brew barista coffee at home in 90 seconds.</p><p>No pods, no waste.</p></div></body>`;
    const context = await imported('/blocks', send(page));
    expect(context.content).toBe('Brew barista coffee at home in 90 seconds.\n\nNo pods, no waste.');
    expect(context.name).toBe('127.0.0.1');
  });

  it('decodes a French page in ISO-8859-1, from the Content-Type charset or from <meta charset>', async () => {
    const french = `<html><head><title>Crème de nuit</title><meta name="description" content="Une crème de nuit qui répare la peau sèche pendant que vous dormez. Déjà 10 000 clientes ravies à 29,90 €."></head><body><main><ul><li>Sans paraben</li><li>Fabriquée en France</li></ul></main></body></html>`;
    // "€" is not in ISO-8859-1: as browsers do, the label reads as windows-1252, where it is 0x80
    const bytes = Buffer.from(french.replace('€', '\u0080'), 'latin1');
    expect(bytes.includes(Buffer.from('é', 'utf8'))).toBe(false);
    expect(bytes.includes(Buffer.from([0xe9]))).toBe(true);
    const expected = 'Une crème de nuit qui répare la peau sèche pendant que vous dormez. Déjà 10 000 clientes ravies à 29,90 €.\n\nWhat makes it special:\n- Sans paraben\n- Fabriquée en France';
    const byHeader = await imported('/fr-header', send(bytes, { 'content-type': 'text/html; charset=ISO-8859-1' }));
    expect(byHeader).toMatchObject({ name: 'Crème de nuit', content: expected });
    const withMeta = Buffer.from(`<meta charset="iso-8859-1">${bytes.toString('latin1')}`, 'latin1');
    const byMeta = await imported('/fr-meta', send(withMeta, { 'content-type': 'text/html' }));
    expect(byMeta).toMatchObject({ name: 'Crème de nuit', content: expected });
    // an unknown charset reads as UTF-8
    const unknown = await imported('/unknown-charset', send('<title>Café</title><meta name="description" content="Déjà là">', { 'content-type': 'text/html; charset=x-no-such' }));
    expect(unknown).toMatchObject({ name: 'Café', content: 'Déjà là' });
  });

  it('keeps emoji, right-to-left scripts and other languages whole, from a compressed page', async () => {
    const page = `<html dir="rtl"><head><meta name="description" content="زجاجة ماء تحافظ على برودة مشروبك ٢٤ ساعة 🧊"><title>زجاجة أكوا</title></head><body><main><ul><li>שומר על קור 24 שעות</li><li>防漏盖子 👍🏽</li></ul></main></body></html>`;
    const context = await imported('/rtl', send(gzipSync(page), { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' }));
    expect(context).toMatchObject({ name: 'زجاجة أكوا', content: 'زجاجة ماء تحافظ على برودة مشروبك ٢٤ ساعة 🧊\n\nWhat makes it special:\n- שומר על קור 24 שעות\n- 防漏盖子 👍🏽' });
  });

  it("caps the name and the content at the context's limits without breaking a character, and strips NUL and control characters", async () => {
    const longName = `${'Bottle 🧊 '.repeat(40)}end`;
    const description = `${'Cold for a day 🧊. '.repeat(2000)}`;
    const page = `<head><script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: longName, description: `Zero\u0000 byte\u0007 here. ${description}` })}</script></head>`;
    const context = await imported('/long', send(page));
    expect(context.name.length).toBeLessThanOrEqual(200);
    expect(context.name.endsWith('…')).toBe(true);
    expect(context.content.length).toBeLessThanOrEqual(20_000);
    expect(context.content.length).toBeGreaterThan(19_000);
    expect(context.content.startsWith('Zero byte here. Cold for a day 🧊.')).toBe(true);
    expect(context.content).not.toMatch(/[\u0000-\u0008]/);
    expect(context.content).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(truncate('ab👍🏽cd', 4)).toBe('ab…');
    expect(truncate('short', 10)).toBe('short');
  });

  it('reads a page of deeply nested elements without overflowing a stack', async () => {
    const page = `<title>Deep</title><meta name="description" content="Deep page.">${'<div>'.repeat(50_000)}<ul><li>One deep feature</li><li>Another one</li></ul>`;
    const context = await imported('/deep', send(page));
    expect(context).toMatchObject({ name: 'Deep', content: 'Deep page.\n\nWhat makes it special:\n- One deep feature\n- Another one' });
  });

  it('keeps a product that gives only its name and price', async () => {
    const page = `<script type="application/ld+json">[{"@type": "Product", "name": "Gift Card", "offers": {"@type": "AggregateOffer", "lowPrice": "10", "highPrice": "100", "priceCurrency": "USD"}}]</script>`;
    expect(await imported('/gift', send(page))).toMatchObject({ name: 'Gift Card', content: 'Price: from 10 to 100 USD.' });
  });

  it('refuses a page that says nothing about a product', async () => {
    pages.set('/empty', send('<html><head><title>Home</title></head><body><nav><ul><li><a href="/a">A link</a></li><li><a href="/b">B link</a></li></ul></nav></body></html>'));
    await refusedWith(`${origin}/empty`, 'We found nothing about a product on this page: no description, features or price. Try the address of the product’s own page.');
  });

  it('follows a chain of 3 redirects and refuses a chain of 6', async () => {
    pages.set('/a', redirect('/b', 301));
    pages.set('/b', redirect(`${origin}/c`, 307));
    pages.set('/c', redirect('/bottle', 308));
    pages.set('/bottle', send(JSON_LD_PAGE));
    const res = await importUrl(`${origin}/a`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('AquaPure Bottle 750 ml 💧');
    expect(seen).toEqual(['/a', '/b', '/c', '/bottle']);
    seen.length = 0;
    for (let i = 1; i <= 6; i++) pages.set(`/r${i}`, redirect(`/r${i + 1}`));
    pages.set('/r7', send(JSON_LD_PAGE));
    await refusedWith(`${origin}/r1`, 'The page redirected more than 5 times.');
    expect(seen).toEqual(['/r1', '/r2', '/r3', '/r4', '/r5', '/r6']);
  });

  it('refuses a redirect to a loopback address or to another scheme before following it', async () => {
    pages.set('/to-loopback', redirect(`http://[::1]:${port}/bottle`));
    pages.set('/to-mapped', redirect(`http://[::ffff:127.0.0.2]:${port}/bottle`));
    pages.set('/to-file', redirect('file:///etc/passwd'));
    pages.set('/bottle', send(JSON_LD_PAGE));
    await refusedWith(`${origin}/to-loopback`, 'The page redirected to ::1: This address is this server itself (loopback); only public web pages can be imported.');
    await refusedWith(`${origin}/to-mapped`, /^The page redirected to ::ffff:7f00:2: This address is this server itself \(loopback\)/);
    await refusedWith(`${origin}/to-file`, 'The page redirected to an address we cannot fetch: Only http and https addresses can be imported, not file.');
    expect(seen).toEqual(['/to-loopback', '/to-mapped', '/to-file']);
  });

  it('refuses every forbidden address form without connecting, unless allowed', async () => {
    pages.set('/bottle', send(JSON_LD_PAGE));
    const cases: [string, RegExp][] = [
      ['127.0.0.1', /loopback/],
      ['localhost', /^localhost is at 127\.0\.0\.1\. .*loopback/],
      ['[::1]', /loopback/],
      ['0.0.0.0', /unspecified/],
      ['169.254.169.254', /link-local \(such as a cloud metadata service\)/],
      ['10.0.0.1', /^This address is on a private network; only public web pages can be imported\.$/],
      ['2130706433', /loopback/],
      ['0x7f000001', /loopback/],
      ['0177.0.0.1', /loopback/],
      ['[::ffff:127.0.0.1]', /loopback/],
      ['100.64.0.1', /private network/],
      ['192.168.1.1', /private network/],
      ['[fd00::1]', /private network/],
      ['224.0.0.1', /multicast/],
    ];
    for (const [host, reason] of cases) await refusedWith(`http://${host}:${port}/bottle`, reason, strictAdmin, strict);
    expect(seen).toEqual([]);
    // the same page through the app whose allow list names 127.0.0.1
    expect((await importUrl(`http://127.0.0.1:${port}/bottle`)).statusCode).toBe(201);
    expect(seen).toEqual(['/bottle']);
  });

  it('refuses what is not an http(s) URL, with credentials, too long, blank or of the wrong type', async () => {
    pages.set('/bottle', send(JSON_LD_PAGE));
    await refusedWith('file:///etc/passwd', 'Only http and https addresses can be imported, not file.');
    for (const url of ['ftp://example.com/', 'data:text/html,<title>x</title>', 'javascript:alert(1)', 'gopher://127.0.0.1:70/', 'ws://example.com/']) {
      await refusedWith(url, /^Only http and https addresses can be imported/);
    }
    await refusedWith(`http://user:secret@127.0.0.1:${port}/bottle`, 'A URL with a user name or password cannot be imported.');
    await refusedWith('not a url', 'Enter a valid URL, such as https://example.com/product.');
    await refusedWith('   ', 'This field may not be blank.');
    await refusedWith(`${origin}/${'a'.repeat(2048)}`, 'Ensure this field has no more than 2048 characters.');
    await refusedWith(123, 'Not a valid string.');
    await refusedWith(null, 'This field may not be null.');
    await refusedWith(`${origin}/bottle\u0000`, /Null characters are not allowed/);
    await refusedWith('http://🧊.invalid/مرحبا', /^We could not (find|look up) xn--/);
    const missing = await as(t.app, admin)({ method: 'POST', url: '/api/contexts/from_url/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ url: ['This field is required.'] });
    expect(seen).toEqual([]);
  });

  it('gives up on a slow page after the timeout', async () => {
    pages.set('/slow', () => undefined);
    const started = Date.now();
    await refusedWith(`${origin}/slow`, 'The page took longer than 1.5 seconds to load.');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses a page over 3 MB, a PDF, and a page that answers 404 or 500', async () => {
    pages.set('/huge', send(`<title>Huge</title>${'<p>filler text</p>'.repeat(4 * 1024 * 1024 / 18)}`));
    await refusedWith(`${origin}/huge`, 'The page is larger than 3 MB.');
    pages.set('/manual.pdf', send('%PDF-1.7\n', { 'content-type': 'application/pdf' }));
    await refusedWith(`${origin}/manual.pdf`, "This page is not HTML (it is application/pdf); only web pages can be imported. Use the address of the product's page, not of a file.");
    await refusedWith(`${origin}/gone`, 'The page answered 404 Not Found.');
    pages.set('/broken', send('oops', { 'content-type': 'text/html' }, 500));
    await refusedWith(`${origin}/broken`, 'The page answered 500 Internal Server Error.');
  });

  it('needs a token (401), an admin (403 for read-only members) and a team of the caller (404), before fetching anything', async () => {
    pages.set('/bottle', send(JSON_LD_PAGE));
    expect((await importUrl(`${origin}/bottle`, null)).statusCode).toBe(401);
    const denied = await importUrl(`${origin}/bottle`, reader);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('permission_denied');
    const teamSlug = (await as(t.app, admin)({ method: 'GET', url: '/teams/api/teams/' })).json().results[0].slug;
    const foreign = await as(t.app, outsider)({ method: 'POST', url: '/api/contexts/from_url/', headers: { 'x-team-slug': teamSlug }, payload: { url: `${origin}/bottle` } });
    expect(foreign.statusCode).toBe(404);
    expect(seen).toEqual([]);
  });

  it('lets a team start 30 imports a minute, then answers 429', async () => {
    const { user } = await userWithTeam(t.app, 'Busy importers');
    for (let i = 0; i < 30; i++) expect((await importUrl(`${origin}/missing-${i}`, user)).statusCode).toBe(400);
    const throttled = await importUrl(`${origin}/missing`, user);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    expect(seen).toHaveLength(30);
  });

  it('creates one context per click when clicked twice at once', async () => {
    pages.set('/bottle', send(JSON_LD_PAGE));
    const before = await contextCount();
    const [a, b] = await Promise.all([importUrl(`${origin}/bottle`), importUrl(`${origin}/bottle`)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
    expect(await contextCount()).toBe(before + 2);
    const rows = await t.deps.db.select().from(contexts).where(eq(contexts.id, a.json().id));
    expect(rows[0]!.name).toBe('AquaPure Bottle 750 ml 💧');
  });
});
