import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP-recommended minimums (19 MiB, 2 passes)
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

// verified against when the email is unknown, so both answers take the same time
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  const target = passwordHash ?? (await (dummyHash ??= hashPassword('timing-equaliser-password')));
  try {
    const isMatch = await verify(target, password);
    return passwordHash !== null && isMatch;
  } catch {
    return false;
  }
}

/**
 * The 10,000 most common passwords (scripts/make-common-passwords.mjs writes the file), refused as
 * Django does. Found through this package's exports, so the built server reads the same file.
 */
const commonPasswords = new Set(
  readFileSync(createRequire(import.meta.url).resolve('@hookwall/api/common-passwords.txt'), 'utf8')
    .split('\n')
    .filter(Boolean),
);

/** Longest common substring ratio, close enough to Django's similarity check for emails. */
function similarity(a: string, b: string): number {
  if (!a || !b) return 0;
  let best = 0;
  const prev = new Array(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const temp = prev[j];
      prev[j] = a[i - 1] === b[j - 1] ? diag + 1 : 0;
      if (prev[j] > best) best = prev[j];
      diag = temp;
    }
  }
  return (2 * best) / (a.length + b.length);
}

/** Django's four default validators, with Django's messages. Returns every problem found. */
export function checkPasswordStrength(password: string, email?: string): string[] {
  const problems: string[] = [];
  if (email) {
    const lowered = password.toLowerCase();
    const parts = [email.toLowerCase(), ...email.toLowerCase().split(/\W+/)].filter((p) => p.length >= 3);
    if (parts.some((p) => similarity(lowered, p) >= 0.7)) problems.push('The password is too similar to the email address.');
  }
  if ([...password].length < 8) problems.push('This password is too short. It must contain at least 8 characters.');
  if (commonPasswords.has(password.toLowerCase().trim())) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  return problems;
}
