import type { InsightGroup, Insights } from '@/api/api';

export type Metric = Insights['metric'];
export type GroupBy = Insights['group_by'];

export const METRICS: { value: Metric; label: string; short: string }[] = [
  { value: 'ctr', label: 'Click-through rate (CTR)', short: 'CTR' },
  { value: 'hook_rate', label: 'Hook rate (3-second plays)', short: 'Hook rate' },
  { value: 'cpa', label: 'Cost per result (CPA)', short: 'CPA' },
  { value: 'roas', label: 'Return on ad spend (ROAS)', short: 'ROAS' },
];

export const GROUPINGS: { value: GroupBy; label: string }[] = [
  { value: 'video', label: 'Video' },
  { value: 'text', label: 'Text' },
  { value: 'background', label: 'Background' },
  { value: 'style', label: 'Style' },
  { value: 'voice', label: 'Voice' },
  { value: 'brand_kit', label: 'Brand kit' },
];

export const NETWORK_LABELS: Record<string, string> = { meta: 'Meta', tiktok: 'TikTok', google: 'Google Ads', unknown: 'Unknown' };

const percent = new Intl.NumberFormat('en', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ratio = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const dash = '—';
export const fmtPercent = (v: number | null | undefined) => (v === null || v === undefined ? dash : percent.format(v));
export const fmtWhole = (v: number | null | undefined) => (v === null || v === undefined ? dash : whole.format(v));
export const fmtMoney = (v: number | null | undefined) => (v === null || v === undefined ? dash : money.format(v));
export const fmtRatio = (v: number | null | undefined) => (v === null || v === undefined ? dash : `${ratio.format(v)}×`);

/** The chosen metric's value as the table shows it. */
export function fmtMetric(metric: Metric, v: number | null | undefined): string {
  if (metric === 'ctr' || metric === 'hook_rate') return fmtPercent(v);
  if (metric === 'cpa') return fmtMoney(v);
  return fmtRatio(v);
}

export const VERDICT_LABELS: Record<InsightGroup['verdict'], string> = { winner: 'Winner', behind: 'Behind', too_little_data: 'Too little data' };
