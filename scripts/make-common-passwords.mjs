// Writes apps/api/src/modules/auth/common-passwords.txt: the 10,000 most common passwords, most
// common first, from the ranked list that @zxcvbn-ts/language-common ships (a devDependency). The
// file is committed, so the API reads it at start without that package.
// Run: npm run make:common-passwords
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dictionary } from '@zxcvbn-ts/language-common';

const COUNT = 10_000;
const seen = new Set();
for (const password of dictionary['passwords-common']) {
  const normalised = String(password).trim().toLowerCase();
  if (normalised && !/\s/.test(normalised)) seen.add(normalised);
  if (seen.size === COUNT) break;
}
const target = join(import.meta.dirname, '../apps/api/src/modules/auth/common-passwords.txt');
writeFileSync(target, `${[...seen].join('\n')}\n`);
console.log(`wrote ${seen.size} passwords to ${target}`);
