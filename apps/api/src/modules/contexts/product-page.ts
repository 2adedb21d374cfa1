import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What a product page says about its product (product-page.worker.mjs reads it). */
export interface ProductPage {
  name: string;
  description: string;
  features: string[];
  /** "49.00 EUR", "from 19 to 29 USD" */
  price: string;
  brand: string;
}

/** A page parse5 could not read within the limits below: made to be slow, or too large once parsed. */
export class PageTooComplexError extends Error {}

const READ_TIMEOUT_MS = 5_000;
const READ_MAX_HEAP_MB = 256;

type WorkerAnswer = { ok: true; page: ProductPage } | { ok: false };

/**
 * Decodes and reads the page in a worker thread of its own, stopped after READ_TIMEOUT_MS or past
 * READ_MAX_HEAP_MB: a page of hundreds of thousands of nested elements takes seconds to parse,
 * which on the API's thread would stall every other request.
 */
export async function readProductPage(body: Buffer, charset: string | undefined, url: string): Promise<ProductPage> {
  await takeTurn();
  try {
    return await readInWorker(body, charset, url);
  } finally {
    endTurn();
  }
}

/**
 * Pages read at once by this process: each reader may take a core and READ_MAX_HEAP_MB, so many
 * imports at once (of many teams) wait their turn instead of taking the machine.
 */
const MAX_CONCURRENT_READS = 2;
let reading = 0;
const waiting: (() => void)[] = [];

function takeTurn(): Promise<void> {
  if (reading < MAX_CONCURRENT_READS) {
    reading++;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function endTurn() {
  const next = waiting.shift();
  // the turn passes straight to the next in line
  if (next) next();
  else reading--;
}

function readInWorker(body: Buffer, charset: string | undefined, url: string): Promise<ProductPage> {
  const entry = createRequire(import.meta.url).resolve('@hookwall/api/product-page-reader');
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, {
      workerData: { body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength), charset, url },
      resourceLimits: { maxOldGenerationSizeMb: READ_MAX_HEAP_MB, stackSizeMb: 4 },
      // no loader of the parent's (tsx, vitest): the file is plain JavaScript
      execArgv: [],
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (answer: WorkerAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (answer.ok) resolve(answer.page);
      else reject(new PageTooComplexError('This page is too complex to read.'));
    };
    const timer = setTimeout(() => settle({ ok: false }), READ_TIMEOUT_MS);
    worker.once('message', (answer: WorkerAnswer) => settle(answer));
    worker.once('error', () => settle({ ok: false }));
    worker.once('exit', () => settle({ ok: false }));
  });
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * At most `max` UTF-16 units (as the context's limits count), cut between characters (an emoji or
 * a letter with its accents stays whole), at a space when one is near the end, with an ellipsis.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const { segment } of segmenter.segment(text)) {
    if (out.length + segment.length > max - 1) break;
    out += segment;
  }
  const space = out.lastIndexOf(' ');
  if (space > max * 0.8) out = out.slice(0, space);
  return `${out.trimEnd()}…`;
}

const endSentence = (text: string) => (/[.!?…。！？]$/u.test(text) ? text : `${text}.`);

/**
 * The context's name and content, as the product form writes them: what it does (the page's
 * description), the brand and the price on lines of their own, then "What makes it special:" and
 * the features as bullets. Within the context's limits: the description gives way, never the rest.
 */
export function contextFromPage(page: ProductPage, limits: { name: number; content: number }): { name: string; content: string } {
  const name = truncate(page.name, limits.name);
  const facts = [page.brand && `Brand: ${endSentence(truncate(page.brand, 200))}`, page.price && `Price: ${endSentence(page.price)}`].filter(Boolean).join('\n');
  const features = page.features.length > 0 ? `What makes it special:\n${page.features.map((f) => `- ${f}`).join('\n')}` : '';
  const fixed = [facts, features].filter(Boolean).join('\n\n');
  const room = limits.content - fixed.length - (fixed ? 2 : 0);
  const description = room > 0 ? truncate(page.description, room) : '';
  return { name, content: [description, fixed].filter(Boolean).join('\n\n') };
}
