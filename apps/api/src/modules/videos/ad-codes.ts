import { randomInt } from 'node:crypto';
import { insertAdCodes, type Executor } from './videos.repository.ts';

/**
 * Ad codes: `HW-` and 6 characters a person reads back from an ads manager without doubt. The 26
 * characters leave out those easily taken for another: 0 O Q (round), 1 I L (strokes), and the
 * letters Z, S, B and U, which read as 2, 5, 8 and V. 26^6 codes, about 309 million. The migration that gave codes to older videos
 * (packages/db/migrations/0020_ad_results.sql) writes them with the same characters.
 */
export const AD_CODE_ALPHABET = '23456789ACDEFGHJKMNPRTVWXY';
export const AD_CODE_LENGTH = 6;
export const AD_CODE_PATTERN = new RegExp(`^HW-[${AD_CODE_ALPHABET}]{${AD_CODE_LENGTH}}$`);

/**
 * The codes in a text (an ad's name, its creative's, the uploaded file's), upper-cased, in order:
 * `HW-` and 6 code characters, not inside a longer word (`xHW-…`, `HW-ABCDEFG`). Case is forgiven,
 * people retype names.
 */
export function findAdCodes(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?<![\p{L}\p{N}])HW-([\p{L}\p{N}]{6})(?![\p{L}\p{N}])/giu)) {
    const code = `HW-${match[1]!.toUpperCase()}`;
    if (AD_CODE_PATTERN.test(code) && !found.includes(code)) found.push(code);
  }
  return found;
}

export function randomAdCode(): string {
  let code = 'HW-';
  for (let i = 0; i < AD_CODE_LENGTH; i++) code += AD_CODE_ALPHABET[randomInt(AD_CODE_ALPHABET.length)];
  return code;
}

/**
 * New codes for these videos, claimed in ad_codes in the caller's transaction: a code drawn twice
 * (here, or by another transaction, or by the migration's backfill) is refused by the table's key
 * and drawn again. A transaction that rolls back frees its codes.
 */
export async function claimAdCodes(tx: Executor, teamId: number, videoIds: string[], draw: () => string = randomAdCode): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  let missing = [...videoIds];
  for (let round = 0; missing.length > 0; round++) {
    if (round === 20) throw new Error('could not draw unused ad codes');
    const drawn = new Map<string, string>();
    for (const id of missing) {
      let code = draw();
      for (let i = 0; i < 5 && drawn.has(code); i++) code = draw();
      if (!drawn.has(code)) drawn.set(code, id);
    }
    const claimed = await insertAdCodes(tx, teamId, [...drawn].map(([code, videoId]) => ({ code, videoId })));
    for (const row of claimed) codes.set(row.videoId, row.code);
    missing = missing.filter((id) => !codes.has(id));
  }
  return codes;
}
