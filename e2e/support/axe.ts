import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// evaluated through the DevTools protocol, which the page's CSP (script-src 'self') does not block
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** Runs axe-core in the page; returns the serious and critical violations as readable lines. */
export async function seriousA11yViolations(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    // A live preview's frame is a picture of the video, sampled wherever its animation happens to be
    // (text mid-entrance, before its box is drawn): its colours are the user's choice and the
    // video's, not interface text. The player's own controls are still checked.
    const inVideoFrame = (selector: string) => {
      const el = document.querySelector(selector);
      return !!el?.closest('[data-video-frame]') && !el.closest('button, input, [role="slider"]');
    };
    return result.violations
      .map((v) => (v.id === 'color-contrast' ? { ...v, nodes: v.nodes.filter((n) => !inVideoFrame(n.target[0] ?? '')) } : v))
      .filter((v) => v.nodes.length > 0);
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).slice(0, 3).join(', ')}`);
}
