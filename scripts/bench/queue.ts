// npm run bench:queue: a claim costs about the same with 10,000 jobs waiting as with 100.
// The queue holds render jobs of several teams in their fair lines (`team:<id>`, as render jobs are
// queued: one team's bulk far larger than the others'), beside the history of jobs already done;
// each round times BENCH_CLAIMS claims (`claimJob`, the statement a worker runs), completing each
// claimed job and queueing another for its team so the queue keeps its size. Rounds alternate
// between the sizes (small, large, small, large) so both see the same machine. Prints the median
// and p95 of a claim at each size and their ratio, the median of a one-row update's commit measured
// between them (the part of a claim no query plan changes), and the claim's plan at the large size,
// which must read the jobs through indexes (no sequential scan of the table) and not be compiled
// with JIT (see WITHOUT_JIT in packages/jobs/src/queue.ts).
// On PGlite; and on PostgreSQL too when DATABASE_URL is set (a fresh schema, dropped after).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createDatabase, executeRows, type Database } from '@hookwall/db';
import { claimJob, claimStatement, completeJob, WITHOUT_JIT } from '@hookwall/jobs';

const SIZES = [100, 10_000] as const;
const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 200);
const ROUNDS = 2;
/** teams and their share of the queue: one bulk, a few smaller lines */
const TEAMS = [
  { key: 'team:1', share: 0.7 },
  { key: 'team:2', share: 0.15 },
  { key: 'team:3', share: 0.1 },
  { key: 'team:4', share: 0.04 },
  { key: 'team:5', share: 0.01 },
];
/** jobs already ended (renders in the teams' lines, and emails, which have no fair key), as many as the large queue */
const HISTORY = 10_000;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Empties the queue and fills it with `size` due render jobs in the teams' lines, and the history. */
async function fill(database: Database, size: number) {
  const db = database.db;
  await db.execute(sql`DELETE FROM jobs`);
  let from = 0;
  for (const [i, team] of TEAMS.entries()) {
    const count = i === TEAMS.length - 1 ? size - from : Math.round(size * team.share);
    await db.execute(sql`
      INSERT INTO jobs (id, name, payload, status, max_attempts, run_at, fair_key, created_at, updated_at)
      SELECT gen_random_uuid(), 'render-video', jsonb_build_object('render_job_id', gen_random_uuid()), 'queued', 3,
        now() - make_interval(secs => 3600 - g * 0.01), ${team.key}, now() - make_interval(secs => 3600 - g * 0.01), now() - interval '1 hour'
      FROM generate_series(1, ${count}) AS g`);
    from += count;
  }
  await db.execute(sql`
    INSERT INTO jobs (id, name, payload, status, attempts, max_attempts, run_at, fair_key, created_at, updated_at)
    SELECT gen_random_uuid(), CASE WHEN g % 3 = 0 THEN 'send-email' ELSE 'render-video' END, '{}'::jsonb, 'completed', 1, 3,
      now() - make_interval(days => 2, secs => g), CASE WHEN g % 3 = 0 THEN NULL ELSE 'team:' || (1 + g % ${TEAMS.length}) END,
      now() - make_interval(days => 2, secs => g), now() - make_interval(days => 1, secs => g)
    FROM generate_series(1, ${HISTORY}) AS g`);
  await db.execute(sql`ANALYZE jobs`);
}

/** Times `CLAIMS` claims; each claimed job is completed and its team queues another (untimed). */
async function claims(database: Database): Promise<number[]> {
  const db = database.db;
  const times: number[] = [];
  for (let i = 0; i < CLAIMS; i++) {
    const started = performance.now();
    const job = await claimJob(db, ['render-video'], { workerId: 'bench:1' });
    times.push(performance.now() - started);
    if (!job) throw new Error('the queue ran dry');
    await completeJob(db, job);
    await db.execute(sql`
      INSERT INTO jobs (id, name, payload, max_attempts, fair_key)
      SELECT gen_random_uuid(), name, jsonb_build_object('render_job_id', gen_random_uuid()), 3, fair_key FROM jobs WHERE id = ${job.id}`);
  }
  return times;
}

/**
 * Times `CLAIMS` commits of a one-row update (a job of the history touched, nothing changed): what
 * any claim pays for its round trip and its commit, whatever the queue holds (on PostgreSQL the
 * commit waits for the disk).
 */
async function commits(database: Database): Promise<number[]> {
  const [row] = await executeRows<{ id: string }>(database.db, sql`SELECT id FROM jobs WHERE status = 'completed' LIMIT 1`);
  const times: number[] = [];
  for (let i = 0; i < CLAIMS; i++) {
    const started = performance.now();
    await database.db.execute(sql`UPDATE jobs SET updated_at = updated_at WHERE id = ${row!.id}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** The claim's plan (run and rolled back): the scans it made, by kind. */
async function scans(database: Database): Promise<{ plan: string[]; seqScansOfJobs: string[]; indexes: string[] }> {
  let plan: string[] = [];
  await database.db
    .transaction(async (tx) => {
      await tx.execute(WITHOUT_JIT);
      const rows = await executeRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`EXPLAIN (ANALYZE) ${claimStatement(['render-video'], { leaseSeconds: 300, workerId: 'bench:explain', runToken: '00000000-0000-4000-8000-000000000000' })}`,
      );
      plan = rows.map((row) => row['QUERY PLAN']);
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });
  const seqScansOfJobs = plan.filter((line) => /Seq Scan on jobs/.test(line)).map((line) => line.trim());
  const indexes = [...new Set(plan.flatMap((line) => [...line.matchAll(/(?:Index|Index Only|Bitmap Index) Scan (?:Backward )?(?:using|on) (\w+)/g)].map((m) => m[1]!)))];
  return { plan, seqScansOfJobs, indexes };
}

async function bench(kind: 'pglite' | 'postgres') {
  const schemaName = kind === 'postgres' ? `bench_${randomBytes(6).toString('hex')}` : undefined;
  const database = await createDatabase({ databaseUrl: kind === 'postgres' ? process.env.DATABASE_URL : undefined, schemaName });
  try {
    await database.migrate();
    const times = new Map<number, number[]>(SIZES.map((size) => [size, []]));
    const baseline: number[] = [];
    // a first round of each size warms the connection, the statement and the caches; not counted
    for (const size of SIZES) {
      await fill(database, size);
      await claims(database);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const size of SIZES) {
        await fill(database, size);
        times.get(size)!.push(...(await claims(database)));
        baseline.push(...(await commits(database)));
      }
    }
    const [small, large] = SIZES.map((size) => [...times.get(size)!].sort((a, b) => a - b)) as [number[], number[]];
    baseline.sort((a, b) => a - b);
    const plan = await scans(database);
    const row = {
      database: database.kind,
      'one-row update, median': `${quantile(baseline, 0.5).toFixed(2)} ms`,
      [`median at ${SIZES[0]}`]: `${quantile(small, 0.5).toFixed(2)} ms`,
      [`p95 at ${SIZES[0]}`]: `${quantile(small, 0.95).toFixed(2)} ms`,
      [`median at ${SIZES[1]}`]: `${quantile(large, 0.5).toFixed(2)} ms`,
      [`p95 at ${SIZES[1]}`]: `${quantile(large, 0.95).toFixed(2)} ms`,
      'median large/small': Number((quantile(large, 0.5) / quantile(small, 0.5)).toFixed(2)),
      'p95 large/small': Number((quantile(large, 0.95) / quantile(small, 0.95)).toFixed(2)),
    };
    console.log(`\n${database.kind}: the claim's plan with ${SIZES[1]} jobs queued and ${HISTORY} done`);
    console.log(plan.plan.join('\n'));
    console.log(`indexes read: ${plan.indexes.join(', ') || 'none'}; sequential scans of jobs: ${plan.seqScansOfJobs.length}`);
    return { ...row, indexes: plan.indexes.join(', '), 'seq scans of jobs': plan.seqScansOfJobs.length, jit: plan.plan.some((line) => line.startsWith('JIT')) };
  } finally {
    if (schemaName) await database.db.execute(sql.raw(`DROP SCHEMA ${schemaName} CASCADE`));
    await database.close();
  }
}

const results = [await bench('pglite')];
if (process.env.DATABASE_URL) results.push(await bench('postgres'));
console.log(`\n${CLAIMS} claims per round, ${ROUNDS} rounds per size (after a warm-up round), ${TEAMS.length} teams' lines, one connection`);
console.table(results);
console.log(JSON.stringify({ claims: CLAIMS, rounds: ROUNDS, results }));
