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

const commonPasswords = new Set(
  `password password1 password12 password123 password1234 123456 1234567 12345678 123456789 1234567890 qwerty qwerty123
  qwertyuiop abc123 abcd1234 111111 11111111 000000 00000000 123123 123123123 iloveyou letmein welcome welcome1 welcome123
  admin admin123 administrator monkey dragon football baseball sunshine princess master shadow superman batman trustno1
  passw0rd p@ssword p@ssw0rd starwars whatever freedom hello123 hellohello loveme michael jennifer charlie computer
  internet mustang access flower qazwsx 1q2w3e4r 1qaz2wsx zaq12wsx asdfghjkl asdfasdf changeme secret secret123
  testtest test1234 87654321 11223344 987654321 666666 88888888 55555555 12341234 1111111111 google samsung
  chocolate summer2024 winter2024 spring2024 autumn2024 summer2025 winter2025 password! Password1 Password123
  liverpool arsenal chelsea soccer hockey killer pokemon naruto minecraft tigger jordan23 harley ranger thomas
  daniel hunter buster soccer1 matthew jessica ashley nicole joshua andrew michelle amanda 696969 654321 zxcvbnm
  zxcvbnm123 qwe123 qweasdzxc 1q2w3e 1q2w3e4r5t q1w2e3r4 abcdef abcdefg abcdefgh letmein1 trustno1 iloveyou1`
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p.toLowerCase()),
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
