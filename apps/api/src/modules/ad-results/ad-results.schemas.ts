import { z } from 'zod';
import { pageSchema, paginationQuery } from '../../core/pagination.ts';
import { named } from '../../core/schema-registry.ts';
import { INSIGHT_GROUPS, INSIGHT_METRICS } from './insights.service.ts';

export const listQuery = paginationQuery;
export const uuidIdParam = z.object({ id: z.uuid({ error: 'Not a valid id.' }) });

const period = z.object({ start: z.string().describe('YYYY-MM-DD'), end: z.string().describe('YYYY-MM-DD') });

export const adResultImportSchema = named(
  'adResultImport',
  z.object({
    id: z.string(),
    file_name: z.string(),
    network: z.enum(['meta', 'tiktok', 'google', 'unknown']).describe('the ads manager that wrote the export, from its columns'),
    currency: z.string().nullable().describe('the currency of its money columns (ISO 4217), when the export says'),
    rows: z.number().int().describe('rows of ads read (totals rows and rejected rows not counted)'),
    current_rows: z.number().int().describe('rows of this import still counted: a later import of the same ads and periods replaces them'),
    matched: z.number().int().describe('rows whose ad, creative or video name carries an ad code of one of the team’s videos'),
    unmatched: z.array(z.string()).describe('the ad names of the other rows (at most 200): a code of another team counts as none'),
    unmatched_count: z.number().int(),
    columns: z.object({
      mapped: z.record(z.string(), z.string()).describe('field → the export’s column: impressions, reach, clicks, spend, conversions, purchase_value, plays_2s, plays_3s, plays_6s, completed_views, period_start, period_end, day, ad_name, ad_id, …'),
      kept: z.array(z.string()).describe('the other columns, kept as written with each row'),
    }),
    period: period.nullable().describe('the reporting period: the date-range line above the header, else the rows’ first and last day'),
    overlaps: z
      .array(z.object({ ad_name: z.string(), period: period.nullable(), earlier_period: period.nullable() }))
      .describe('rows whose period overlaps another period of the same ad imported before (at most 200): the insights count only the one imported last'),
    created_at: z.string(),
  }),
);
export const adResultImportPage = named('paginatedAdResultImportList', pageSchema(adResultImportSchema));

export const adResultImportCreatedSchema = named(
  'adResultImportCreated',
  adResultImportSchema.extend({
    replaced: z.number().int().describe('rows of the same ad and period imported before, replaced by this import’s figures (none counted twice)'),
    overlap_count: z.number().int(),
    totals_skipped: z.number().int().describe('totals rows skipped ("Total: Account", a summary row without an ad)'),
    rejected: z.array(z.object({ line: z.number().int(), ad_name: z.string(), reason: z.string() })).describe('rows not counted, with the reason (a negative or impossible figure, a cell that is no number, the same ad and period twice); at most 200'),
    rejected_count: z.number().int(),
  }),
);

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Enter a real date as YYYY-MM-DD.');

export const insightsQuery = z
  .object({
    metric: z.enum(INSIGHT_METRICS, { error: `Choose a metric: ${INSIGHT_METRICS.join(', ')}.` }).default('ctr'),
    group_by: z.enum(INSIGHT_GROUPS, { error: `Choose a grouping: ${INSIGHT_GROUPS.join(', ')}.` }).default('video'),
    since: isoDay.optional().describe('keep the rows whose period ends on or after this day'),
    until: isoDay.optional().describe('keep the rows whose period starts on or before this day'),
  })
  .refine((q) => !q.since || !q.until || q.since <= q.until, { message: 'The start must not be after the end.', path: ['until'] });

const nullableNumber = z.number().nullable();
export const insightGroupSchema = named(
  'insightGroup',
  z.object({
    key: z.string(),
    label: z.string(),
    videos: z.number().int(),
    video_ids: z.array(z.string()).describe('the group’s videos, most impressions first'),
    ad_codes: z.array(z.string()),
    first_video_type: z.enum(['text_wall', 'composite']).describe('the kind of video_ids[0]'),
    impressions: z.number(),
    clicks: nullableNumber,
    ctr: nullableNumber.describe('clicks ÷ impressions, a fraction'),
    ctr_low: nullableNumber.describe('the 95% Wilson interval of the CTR'),
    ctr_high: nullableNumber,
    hook_rate: nullableNumber.describe('3-second plays ÷ impressions (2-second on TikTok), a fraction'),
    spend: nullableNumber.describe('in the exports’ currency units'),
    conversions: nullableNumber,
    cost_per_result: nullableNumber.describe('spend ÷ conversions'),
    roas: nullableNumber.describe('purchase value ÷ spend'),
    value: nullableNumber.describe('the chosen metric’s value'),
    value_low: nullableNumber.describe('its 95% interval (Wilson for the rates; for cpa and roas, the conversion rate’s carried through); null where unbounded'),
    value_high: nullableNumber,
    verdict: z.enum(['winner', 'behind', 'too_little_data']),
  }),
);
export const insightsSchema = named(
  'insights',
  z.object({
    metric: z.enum(INSIGHT_METRICS),
    group_by: z.enum(INSIGHT_GROUPS),
    since: z.string().nullable(),
    until: z.string().nullable(),
    min_impressions: z.number().int().describe('INSIGHTS_MIN_IMPRESSIONS: under it a group is too_little_data'),
    currencies: z.array(z.string()).describe('the currencies of the exports counted; money is summed as written, so more than one means spend, CPA and ROAS mix them'),
    results: z.array(insightGroupSchema).describe('best first'),
  }),
);
