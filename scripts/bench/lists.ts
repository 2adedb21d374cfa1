// npm run bench:lists: page 1 of every team list costs the same whatever the team's size.
// Two teams on one database, one with 35 rows of each kind and one with 4,600; the same list calls
// for both, in the same run, printed as requests per second and as the ratio small/large.
// On PGlite by default; set DATABASE_URL to run it on PostgreSQL (a fresh schema, dropped after).
import { sql } from 'drizzle-orm';
import { as, createTestApp, userWithTeam } from '../../apps/api/src/test/harness.ts';

const SMALL = 35;
const LARGE = 4600;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

const t = await createTestApp({ LOG_LEVEL: 'silent' } as never);
try {
  const small = await userWithTeam(t.app, 'Small Team');
  const large = await userWithTeam(t.app, 'Large Team');
  for (const [who, rows] of [[small, SMALL], [large, LARGE]] as const) {
    await t.database.db.execute(sql`
      INSERT INTO contexts (team_id, name, type, content, created_by_id, created_at, updated_at)
      SELECT ${who.team.id}, 'Context ' || g, 'product', 'What it does ' || g, ${who.user.id},
             now() - make_interval(secs => g), now() - make_interval(secs => g)
      FROM generate_series(1, ${rows}) AS g`);
    await t.database.db.execute(sql`
      INSERT INTO credit_transactions (team_id, amount, kind, reason, balance_after, created_at)
      SELECT ${who.team.id}, 1, 'adjustment', 'bench ' || g, g, now() - make_interval(secs => g)
      FROM generate_series(1, ${rows}) AS g`);
  }
  await t.database.db.execute(sql`ANALYZE`);

  const lists = [
    ['contexts, newest first', (slug: string) => ({ url: '/api/contexts/?ordering=-created_at', headers: { 'x-team-slug': slug } })],
    ['contexts by name', (slug: string) => ({ url: '/api/contexts/?ordering=name', headers: { 'x-team-slug': slug } })],
    ['contexts, last updated', (slug: string) => ({ url: '/api/contexts/?ordering=-updated_at', headers: { 'x-team-slug': slug } })],
    ['credit transactions', (slug: string) => ({ url: `/a/${slug}/subscription/api/credit-transactions/` })],
  ] as const;

  const measure = async (who: typeof small, make: (slug: string) => { url: string; headers?: Record<string, string> }) => {
    const call = as(t.app, who.user);
    const first = await call({ method: 'GET', ...make(who.team.slug) });
    if (first.statusCode !== 200) throw new Error(`${make(who.team.slug).url}: ${first.statusCode} ${first.body}`);
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) await call({ method: 'GET', ...make(who.team.slug) });
    return REQUESTS / ((performance.now() - started) / 1000);
  };

  const results = [];
  for (const [name, make] of lists) {
    // interleaved small, large, small, large: both see the same machine
    const s1 = await measure(small, make);
    const l1 = await measure(large, make);
    const s2 = await measure(small, make);
    const l2 = await measure(large, make);
    const smallRps = (s1 + s2) / 2;
    const largeRps = (l1 + l2) / 2;
    results.push({ list: name, [`req/s at ${SMALL} rows`]: Math.round(smallRps), [`req/s at ${LARGE} rows`]: Math.round(largeRps), 'large/small': Number((largeRps / smallRps).toFixed(2)) });
  }
  console.log(`database: ${t.database.kind}, ${REQUESTS} requests per measure, one connection, in-process`);
  console.table(results);
  console.log(JSON.stringify({ database: t.database.kind, results }));
} finally {
  await t.close();
}
