import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@hookwall/config';
import { createDatabase } from '@hookwall/db';
import { findUserByEmail, insertUser, updateUser } from '../modules/auth/auth.repository.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

/**
 * `npm run create-staff -- --email you@example.com [--password ...]`: makes (or promotes) a staff
 * user. With the embedded database, stop `npm start` first: PGlite is opened by one process at a time.
 */
async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error('Usage: npm run create-staff -- --email you@example.com [--password secret]');
    process.exit(2);
  }
  const config = loadConfig(process.env, {}, { billing: false });
  const database = await createDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: join(config.DATA_DIR, 'pglite'), schemaName: config.DATABASE_SCHEMA });
  try {
    await database.migrate();
    const existing = await findUserByEmail(database.db, email);
    if (existing) {
      await updateUser(database.db, existing.id, { isStaff: true, ...(values.password && { passwordHash: await hashPassword(values.password) }) });
      console.log(`${email} is now staff.`);
    } else {
      const password = values.password ?? randomBytes(12).toString('base64url');
      await insertUser(database.db, { email, passwordHash: await hashPassword(password), isStaff: true });
      console.log(`Created staff user ${email}${values.password ? '' : ` with password ${password}`}`);
    }
  } finally {
    await database.close();
  }
}

void main();
