// Reads what a fetched product page says about its product (product-page.ts starts it, one per
// import): the bytes decoded in the page's charset, parsed with parse5, then JSON-LD `Product`
// first, Open Graph and the other meta tags, the title and the first heading, and the page's main
// text and bullet lists as a fallback (docs/url-import.md). In a worker thread because a page made
// to be slow to parse (hundreds of thousands of nested elements) takes seconds of CPU: here it is
// stopped after a time limit and a memory cap instead of stalling the API's own thread. Plain
// JavaScript, so the same file runs from the sources and from the build
// (`@hookwall/api/product-page-reader`).
//   ← workerData: { body: Uint8Array, charset?: string, url: string }
//   → { ok: true, page: { name, description, features, price, brand } } | { ok: false }
import { parentPort, workerData } from 'node:worker_threads';
import { parse, parseFragment } from 'parse5';

// ---- decoding -------------------------------------------------------------------------------

const SNIFF_BYTES = 4096;

/** The name TextDecoder gives this label, or null when it knows no such charset. */
function knownEncoding(label) {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim().toLowerCase()).encoding;
  } catch {
    return null;
  }
}

/** The charset a page declares in its first bytes: `<meta charset>`, `<meta http-equiv content>` or an XML declaration. */
export function sniffCharset(bytes) {
  const head = Buffer.from(bytes.subarray(0, SNIFF_BYTES)).toString('latin1');
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  if (xml) return xml[1];
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const withoutContent = tag.replace(/\bcontent\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '');
    const direct = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(withoutContent);
    if (direct) return direct[1];
    if (/\bhttp-equiv\s*=\s*["']?\s*content-type/i.test(tag)) {
      const inContent = /\bcontent\s*=\s*["']?[^"'>]*?charset\s*=\s*([\w.:-]+)/i.exec(tag);
      if (inContent) return inContent[1];
    }
  }
  return undefined;
}

/**
 * The page's text: a byte order mark wins, then the charset of Content-Type, then the one the page
 * declares; an unknown or missing charset reads as UTF-8. Bytes not valid in the charset become U+FFFD.
 */
export function decodeHtml(body, headerCharset) {
  let encoding = null;
  let start = 0;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) [encoding, start] = ['utf-8', 3];
  else if (body[0] === 0xfe && body[1] === 0xff) [encoding, start] = ['utf-16be', 2];
  else if (body[0] === 0xff && body[1] === 0xfe) [encoding, start] = ['utf-16le', 2];
  if (!encoding) {
    encoding = knownEncoding(headerCharset);
    // a UTF-16 page without a byte order mark is read as UTF-16 only when the server says so: one
    // that says it in its own (ASCII) bytes is not UTF-16, as browsers read it
    if (!encoding) {
      encoding = knownEncoding(sniffCharset(body));
      if (encoding?.startsWith('utf-16')) encoding = 'utf-8';
    }
  }
  const text = new TextDecoder(encoding ?? 'utf-8').decode(body.subarray(start));
  return encoding === 'windows-1252' ? text.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252[c.charCodeAt(0) - 0x80] || c) : text;
}

/**
 * Bytes 0x80 to 0x9F of windows-1252 (the charset every "iso-8859-1" and "latin1" label names):
 * node's decoder reads them as the C1 controls of ISO-8859-1 instead (€ as U+0080), so they are
 * put right here; the five bytes windows-1252 leaves undefined stay as they are.
 */
const WINDOWS_1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

// ---- text -----------------------------------------------------------------------------------

/** What never is a product's text: code, styles, embedded objects, forms' widgets. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'embed', 'canvas', 'select', 'textarea', 'button', 'head', 'video', 'audio', 'picture', 'map']);
/** Elements that do not break a line: their text joins the words around them. */
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'font', 'del', 'ins']);
/** Parts of a page around its content: menus, headers and footers, sidebars, forms, dialogs. */
const CHROME = new Set(['nav', 'header', 'footer', 'aside', 'form', 'menu', 'dialog']);
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar', 'dialog', 'alertdialog']);

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** One line of text: no control characters (NUL among them) or halves of characters, whitespace collapsed. */
export function cleanText(text) {
  return text.replace(LONE_SURROGATE, '').replace(CONTROL, ' ').replace(/\s+/gu, ' ').trim();
}

const isElement = (node) => typeof node.tagName === 'string';
const attr = (element, name) => element.attrs.find((a) => a.name === name)?.value;

function isChrome(element) {
  if (CHROME.has(element.tagName)) return true;
  const role = attr(element, 'role')?.toLowerCase();
  if (role && CHROME_ROLES.has(role)) return true;
  return attr(element, 'aria-hidden') === 'true' || attr(element, 'hidden') !== undefined;
}

/** The text of a node, as one line; iterative, so no nesting depth can overflow the stack. */
function textOf(root, skipChrome = false) {
  const parts = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      parts.push(node);
      continue;
    }
    if (node.nodeName === '#text') {
      parts.push(node.value);
      continue;
    }
    if (!node.childNodes) continue;
    if (isElement(node) && node !== root && (SKIPPED.has(node.tagName) || (skipChrome && isChrome(node)))) continue;
    const breaks = isElement(node) && !INLINE.has(node.tagName);
    if (breaks) stack.push(' ');
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
    if (breaks) stack.push(' ');
  }
  return cleanText(parts.join(''));
}

/** Text that may hold markup or entities (JSON-LD descriptions often do), as plain text. */
function plain(text) {
  if (!/[<&]/.test(text)) return cleanText(text);
  return textOf(parseFragment(text));
}

/** Every element under root in document order (iterative); `skip` leaves an element out with all it holds. */
function* elements(root, skip) {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isElement(node)) {
      if (node !== root && skip?.(node)) continue;
      yield node;
    }
    const children = node.childNodes ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}

/** Whether an ancestor (up to 64 levels up, below `stop`) passes the test: bounded, so deep nesting stays linear. */
function hasAncestor(element, test, stop) {
  let level = 0;
  for (let parent = element.parentNode; parent && parent !== stop && isElement(parent) && level < 64; parent = parent.parentNode, level++) {
    if (test(parent)) return true;
  }
  return false;
}

// ---- JSON-LD --------------------------------------------------------------------------------

const PRODUCT_TYPES = new Set(['product', 'productgroup', 'individualproduct', 'productmodel', 'someproducts', 'softwareapplication', 'mobileapplication', 'webapplication', 'vehicle', 'car', 'book']);
const MAX_JSON_NODES = 20_000;
const MAX_JSON_DEPTH = 32;

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJsonLd(text) {
  const attempts = [
    text,
    // what shops' templates get wrong most: comments or CDATA around the JSON, raw line breaks inside strings
    text
      .replace(/^\s*(?:<!--|<!\[CDATA\[)/, '')
      .replace(/(?:-->|\]\]>)\s*$/, '')
      .replace(/[\r\n\t]+/g, ' '),
  ];
  for (const attempt of attempts) {
    try {
      return JSON.parse(attempt);
    } catch {
      // the next repair
    }
  }
  return null;
}

function typesOf(node) {
  const raw = node['@type'];
  return (Array.isArray(raw) ? raw : [raw]).filter((t) => typeof t === 'string').map((t) => t.split(/[/:#]/).pop().toLowerCase());
}

/** Every object of the JSON-LD with a product type: in @graph, in lists, nested in a page's mainEntity. */
function findProducts(roots) {
  const found = [];
  const stack = roots.map((r) => [r, 0]);
  let visited = 0;
  while (stack.length > 0 && visited++ < MAX_JSON_NODES) {
    const [value, depth] = stack.pop();
    if (depth > MAX_JSON_DEPTH) continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], depth + 1]);
    } else if (isObject(value)) {
      if (typesOf(value).some((t) => PRODUCT_TYPES.has(t))) found.push(value);
      for (const key of Object.keys(value).reverse()) if (key !== '@context') stack.push([value[key], depth + 1]);
    }
  }
  return found;
}

/** A JSON-LD value as text: a string, a number, the first of a list, an `@value` or a thing's `name`. */
function jsonText(value, depth = 0) {
  if (depth > 4) return '';
  if (typeof value === 'string') return plain(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 20)) {
      const text = jsonText(item, depth + 1);
      if (text) return text;
    }
    return '';
  }
  if (isObject(value)) return jsonText(value['@value'] ?? value.name ?? '', depth + 1);
  return '';
}

const asList = (value) => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** A price as written ("49.00", "1,299.95"), when it is one. */
function priceText(value) {
  const text = jsonText(value).replace(/\s+/g, '');
  return /^\d[\d.,']*$/.test(text) && text.length <= 20 ? text : '';
}

/** An ISO 4217 code (upper case), or a short symbol as written. */
function currencyText(value) {
  const text = jsonText(value).trim();
  if (/^[A-Za-z]{3}$/.test(text)) return text.toUpperCase();
  return text.length <= 5 ? text : '';
}

/** "1.299,95" and "1,299.95" alike: the last separator followed by one or two digits is the decimal point. */
function numberOf(price) {
  const decimal = /[.,](\d{1,2})$/.exec(price);
  const whole = (decimal ? price.slice(0, decimal.index) : price).replace(/[.,']/g, '');
  return Number(`${whole}${decimal ? `.${decimal[1]}` : ''}`);
}

/** "49.00 EUR", or "from 19.00 to 29.00 USD" when the offers differ. */
function formatPrice(prices) {
  const valid = prices.filter((p) => p.price && Number.isFinite(numberOf(p.price)));
  if (valid.length === 0) return '';
  const sorted = [...valid].sort((a, b) => numberOf(a.price) - numberOf(b.price));
  const low = sorted[0];
  const high = sorted[sorted.length - 1];
  const currency = low.currency || high.currency;
  const suffix = currency ? ` ${currency}` : '';
  if (numberOf(low.price) === numberOf(high.price)) return `${low.price}${suffix}`;
  return `from ${low.price} to ${high.price}${suffix}`;
}

/** The prices of `offers`: one offer or a list, AggregateOffer's low and high prices, price specifications. */
function offerPrices(offers, depth = 0) {
  const prices = [];
  if (depth > 3) return prices;
  for (const offer of asList(offers).slice(0, 100)) {
    if (!isObject(offer)) continue;
    const currency = currencyText(offer.priceCurrency);
    for (const key of ['price', 'lowPrice', 'highPrice']) {
      const price = priceText(offer[key]);
      if (price) prices.push({ price, currency });
    }
    for (const spec of asList(offer.priceSpecification).slice(0, 10)) {
      if (isObject(spec) && priceText(spec.price)) prices.push({ price: priceText(spec.price), currency: currencyText(spec.priceCurrency) || currency });
    }
    if (offer.offers) prices.push(...offerPrices(offer.offers, depth + 1));
  }
  return prices;
}

function readProduct(product) {
  const features = asList(product.additionalProperty)
    .slice(0, 30)
    .filter(isObject)
    .map((p) => {
      const label = jsonText(p.name);
      const value = jsonText(p.value);
      return label && value ? `${label}: ${value}` : value;
    })
    .filter(Boolean);
  return {
    name: jsonText(product.name),
    description: jsonText(product.description),
    brand: jsonText(product.brand) || jsonText(product.manufacturer),
    price: formatPrice(offerPrices(product.offers)),
    features,
  };
}

// ---- the page -------------------------------------------------------------------------------

/** Meta tags by their `property`, `name` or `itemprop`, lower case; the first of each wins. */
function metaTags(root) {
  const meta = new Map();
  for (const element of elements(root)) {
    if (element.tagName !== 'meta') continue;
    const content = attr(element, 'content');
    if (content === undefined) continue;
    for (const key of ['property', 'name', 'itemprop']) {
      const name = attr(element, key)?.trim().toLowerCase();
      if (name && !meta.has(name)) meta.set(name, cleanText(content));
    }
  }
  return meta;
}

const MAX_FEATURES = 12;
const MAX_FEATURE_LENGTH = 300;

/** The bullet lists of the content (not menus): two items or more, of plain text, most of them not links. */
function bulletFeatures(root) {
  const features = [];
  for (const list of elements(root, isChrome)) {
    if (list.tagName !== 'ul' && list.tagName !== 'ol') continue;
    if (hasAncestor(list, (e) => e.tagName === 'li')) continue;
    const items = list.childNodes.filter((n) => isElement(n) && n.tagName === 'li');
    const texts = [];
    let linkish = 0;
    for (const item of items.slice(0, 50)) {
      const text = textOf(item);
      const linkText = [...elements(item)]
        .filter((e) => e.tagName === 'a')
        .map((a) => textOf(a))
        .join('').length;
      if (text.length > 0 && linkText / text.length > 0.6) linkish++;
      if (text.length >= 3 && text.length <= MAX_FEATURE_LENGTH) texts.push(text);
    }
    if (texts.length < 2 || linkish > Math.min(items.length, 50) / 2) continue;
    features.push(...texts);
    if (features.length >= MAX_FEATURES) break;
  }
  return features;
}

const TEXT_BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'blockquote', 'dd']);
const MAX_MAIN_TEXT = 6000;

/** `<main>`, else the largest `<article>`, else the element whose paragraphs hold the most text. */
function mainContainer(body) {
  const all = [...elements(body, isChrome)];
  const main = all.find((e) => e.tagName === 'main' || attr(e, 'role') === 'main');
  if (main) return main;
  const articles = all.filter((e) => e.tagName === 'article');
  if (articles.length > 0) {
    const sized = articles.slice(0, 50).map((a) => [a, textOf(a, true).length]);
    return sized.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
  }
  let best = body;
  let bestLength = 0;
  for (const element of all) {
    let length = 0;
    for (const child of element.childNodes) if (isElement(child) && child.tagName === 'p') length += textOf(child).length;
    if (length > bestLength) [best, bestLength] = [element, length];
  }
  return best;
}

/** The paragraphs of the main content, up to about 6,000 characters. */
function mainText(container) {
  const paragraphs = [];
  let total = 0;
  for (const element of elements(container, isChrome)) {
    if (!TEXT_BLOCKS.has(element.tagName)) continue;
    if (hasAncestor(element, (e) => TEXT_BLOCKS.has(e.tagName) || e.tagName === 'li', container)) continue;
    const text = textOf(element, true);
    if (text.length < 2 || paragraphs.includes(text)) continue;
    if (total + text.length > MAX_MAIN_TEXT && total > 0) break;
    paragraphs.push(text);
    total += text.length;
  }
  return paragraphs.join('\n\n');
}

/** "Acme Bottle | Acme Store" without the site's own name, when the title carries it. */
function withoutSiteName(title, siteNames) {
  const parts = title.split(/\s+[|–—·•:»-]\s+/);
  if (parts.length < 2) return title;
  const names = siteNames.map((n) => n.toLowerCase()).filter(Boolean);
  const kept = parts.filter((p) => !names.includes(p.trim().toLowerCase()));
  if (kept.length > 0 && kept.length < parts.length) return kept.join(' – ');
  return title;
}

function hostLabel(url) {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** What the page says about its product; every field '' (or []) when it says nothing of it. */
export function readProductPage(html, pageUrl) {
  const document = parse(html);
  const meta = metaTags(document);
  const m = (...keys) => keys.map((k) => meta.get(k) ?? '').find(Boolean) ?? '';

  const jsonLd = [];
  let title = '';
  let h1 = '';
  let body = document;
  for (const element of elements(document)) {
    if (element.tagName === 'script' && /ld\+json/i.test(attr(element, 'type') ?? '')) {
      jsonLd.push(parseJsonLd(element.childNodes.map((n) => (n.nodeName === '#text' ? n.value : '')).join('')));
    } else if (element.tagName === 'title' && !title && element.namespaceURI === 'http://www.w3.org/1999/xhtml') {
      title = textOf(element);
    } else if (element.tagName === 'h1' && !h1 && !hasAncestor(element, isChrome)) {
      h1 = textOf(element);
    } else if (element.tagName === 'body' && body === document) {
      body = element;
    }
  }
  // the product the page is about: of those with a name, the one that says the most
  const product = findProducts(jsonLd)
    .map(readProduct)
    .sort((a, b) => Number(!!b.name) - Number(!!a.name) || b.description.length - a.description.length)[0];

  const siteName = m('og:site_name', 'application-name');
  const brand = product?.brand || m('product:brand', 'og:brand', 'brand') || siteName;
  const siteNames = [siteName, brand, hostLabel(pageUrl)];
  const name =
    product?.name ||
    withoutSiteName(m('og:title'), siteNames) ||
    withoutSiteName(m('twitter:title'), siteNames) ||
    h1 ||
    withoutSiteName(title, siteNames) ||
    siteName ||
    hostLabel(pageUrl);

  const container = mainContainer(body);
  const description = product?.description || m('og:description', 'description', 'twitter:description') || mainText(container);
  const price =
    product?.price ||
    formatPrice([{ price: priceText(m('product:price:amount', 'og:price:amount', 'price')), currency: currencyText(m('product:price:currency', 'og:price:currency', 'pricecurrency')) }]);

  const seen = new Set([name.toLowerCase()]);
  const features = [...(product?.features ?? []), ...bulletFeatures(container)]
    .map((f) => cleanText(f.slice(0, MAX_FEATURE_LENGTH)))
    .filter((f) => {
      const key = f.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_FEATURES);

  return { name, description, features, price, brand: brand.toLowerCase() === name.toLowerCase() ? '' : brand };
}

if (parentPort && workerData) {
  try {
    const { body, charset, url } = workerData;
    parentPort.postMessage({ ok: true, page: readProductPage(decodeHtml(Buffer.from(body.buffer, body.byteOffset, body.byteLength), charset), url) });
  } catch {
    parentPort.postMessage({ ok: false });
  }
}
