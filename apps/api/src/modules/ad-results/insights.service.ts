import { videoHook } from '@hookwall/text-files/file-names';
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { kitNames } from '../brand-kits/brand-for-videos.ts';
import type { AppDeps } from '../../core/deps.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { listTeamVoices } from '../voices/voices.service.ts';
import { currenciesOfRows, emptySums, sumsPerVideo, videoRowsForInsights, type Sums } from './ad-results.repository.ts';

/**
 * Which hook won (docs/ad-results.md, README "Ad results and insights"): the team's matched ad
 * results summed per video, then per group (the video, its text, background, style, voice or
 * brand kit), ranked by one metric. Rates are fractions; the 95% interval of a rate is Wilson's;
 * a group is a winner when its interval lies wholly above (for a cost, below) that of every other
 * group with enough impressions, and it has enough itself.
 */

export const INSIGHT_METRICS = ['ctr', 'hook_rate', 'cpa', 'roas'] as const;
export const INSIGHT_GROUPS = ['video', 'text', 'background', 'style', 'voice', 'brand_kit'] as const;
export type InsightMetric = (typeof INSIGHT_METRICS)[number];
export type InsightGroup = (typeof INSIGHT_GROUPS)[number];

/** z for a two-sided 95% interval */
const Z = 1.959963984540054;

/** The Wilson score interval of `successes` out of `trials` (95%); [0, 0] without trials. */
export function wilson(successes: number, trials: number): [number, number] {
  if (trials <= 0) return [0, 0];
  const p = Math.min(1, Math.max(0, successes / trials));
  const z2 = Z * Z;
  const denominator = 1 + z2 / trials;
  const centre = p + z2 / (2 * trials);
  const margin = Z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  // at 0 or all successes the interval's end is that bound exactly (not a rounding error away)
  return [successes <= 0 ? 0 : Math.max(0, (centre - margin) / denominator), successes >= trials ? 1 : Math.min(1, (centre + margin) / denominator)];
}

function add(into: Sums, from: Sums) {
  into.impressions += from.impressions;
  into.clicks += from.clicks;
  into.spend += from.spend;
  into.conversions += from.conversions;
  into.purchaseValue += from.purchaseValue;
  into.hookPlays += from.hookPlays;
  into.hookImpressions += from.hookImpressions;
  for (const k of Object.keys(into.has) as (keyof Sums['has'])[]) into.has[k] ||= from.has[k];
}

interface VideoFacts {
  id: string;
  kind: 'text_wall' | 'composite';
  adCode: string;
  hook: string;
  /** each grouping's key and label for this video */
  groups: Record<InsightGroup, { key: string; label: string }>;
}

const firstLine = (text: string) => text.split(/\r?\n/).find((l) => l.trim())?.trim() ?? '';
const presetLabel = (style: unknown) => {
  const preset = (style as { preset?: string } | null)?.preset;
  return preset && preset in STYLE_PRESETS ? { key: preset, label: STYLE_PRESETS[preset as keyof typeof STYLE_PRESETS].label } : { key: 'default', label: 'Default' };
};

/** What each video is (its text, background, style, voice) for grouping, read for the videos that have results. */
async function videoFacts(deps: AppDeps, teamId: number, ids: string[]): Promise<Map<string, VideoFacts>> {
  const facts = new Map<string, VideoFacts>();
  if (ids.length === 0) return facts;
  const { walls, composites, backgrounds, clips } = await videoRowsForInsights(deps.db, teamId, ids);
  const wallBackground = (c: (typeof composites)[number]) => ((c.config as { walls?: { background_video_id?: string | null }[] }).walls ?? [])[0]?.background_video_id ?? null;
  const backgroundName = new Map(backgrounds.map((b) => [b.id, b.name]));
  const clipTitle = new Map(clips.map((c) => [c.id, c.title]));
  const voiceName = new Map(listTeamVoices(deps).results.map((v) => [v.id, v.name]));
  const voiceGroup = (voice: unknown) => {
    const id = (voice as { voice_id?: string } | null)?.voice_id;
    return id ? { key: id, label: voiceName.get(id) ?? id } : { key: 'none', label: 'No voice' };
  };
  const background = (id: string | null) => (id ? { key: id, label: backgroundName.get(id) ?? 'Deleted background' } : { key: 'gradient', label: 'Gradient' });
  // the kit each video was made with (a kit deleted since keeps its videos together)
  const kitName = await kitNames(deps, teamId);
  const kitGroup = (id: string | null) => (id ? { key: id, label: kitName.get(id) ?? 'Deleted kit' } : { key: 'none', label: 'No kit' });

  for (const w of walls) {
    const hook = firstLine(w.text);
    facts.set(w.id, {
      id: w.id,
      kind: 'text_wall',
      adCode: w.adCode,
      hook,
      groups: {
        video: { key: w.id, label: hook || w.adCode },
        text: { key: w.text.trim(), label: hook || '(no text)' },
        background: background(w.backgroundVideoId),
        style: presetLabel(w.style),
        voice: voiceGroup(w.voice),
        brand_kit: kitGroup(w.brandKitId),
      },
    });
  }
  for (const c of composites) {
    const hook = firstLine(videoHook(c.compositionId, c.config)) || c.name;
    const isHookDemo = c.compositionId === 'hook-product-demo';
    facts.set(c.id, {
      id: c.id,
      kind: 'composite',
      adCode: c.adCode,
      hook,
      groups: {
        video: { key: c.id, label: hook || c.adCode },
        text: { key: (videoHook(c.compositionId, c.config) || c.name).trim(), label: hook || '(no text)' },
        // what is behind the hook's text: a hook + demo's hook clip, a multi text wall's first background
        background: isHookDemo ? (c.hookVideoId ? { key: c.hookVideoId, label: clipTitle.get(c.hookVideoId) ?? 'Deleted clip' } : { key: 'none', label: 'No hook clip' }) : background(wallBackground(c)),
        style: presetLabel((c.config as { style?: unknown }).style),
        voice: voiceGroup(c.voice),
        brand_kit: kitGroup(c.brandKitId),
      },
    });
  }
  return facts;
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

/** The chosen metric's value and its 95% interval, oriented so that higher is better for ranking (a cost is negated there). */
function metricOf(metric: InsightMetric, s: Sums): { value: number | null; low: number | null; high: number | null } {
  if (metric === 'ctr') {
    if (!s.has.clicks || s.impressions <= 0) return { value: null, low: null, high: null };
    const [low, high] = wilson(s.clicks, s.impressions);
    return { value: s.clicks / s.impressions, low, high };
  }
  if (metric === 'hook_rate') {
    if (!s.has.hook || s.hookImpressions <= 0) return { value: null, low: null, high: null };
    const [low, high] = wilson(s.hookPlays, s.hookImpressions);
    return { value: s.hookPlays / s.hookImpressions, low, high };
  }
  // a cost per result and a return on spend vary with the conversions: their interval is the
  // conversions-per-impression interval (Wilson) carried through, the spend and the value per
  // conversion taken as they are
  if (!s.has.conversions || !s.has.spend || s.impressions <= 0) return { value: null, low: null, high: null };
  const rate = s.conversions / s.impressions;
  const [low, high] = wilson(Math.min(s.conversions, s.impressions), s.impressions);
  if (metric === 'cpa') {
    if (s.conversions <= 0) return { value: null, low: low > 0 ? s.spend / (high * s.impressions) : null, high: null };
    return { value: s.spend / s.conversions, low: s.spend / (high * s.impressions), high: low > 0 ? s.spend / (low * s.impressions) : null };
  }
  if (!s.has.purchaseValue || s.spend <= 0) return { value: null, low: null, high: null };
  const roas = s.purchaseValue / s.spend;
  if (rate <= 0) return { value: roas, low: 0, high: null };
  return { value: roas, low: (roas * low) / rate, high: (roas * high) / rate };
}

export interface InsightsQuery {
  metric: InsightMetric;
  group_by: InsightGroup;
  since?: string;
  until?: string;
}

export async function insights(deps: AppDeps, access: TeamAccess, query: InsightsQuery) {
  const teamId = access.team.id;
  const minImpressions = deps.config.INSIGHTS_MIN_IMPRESSIONS;
  const [perVideo, currencies] = await Promise.all([sumsPerVideo(deps.db, teamId, query.since, query.until), currenciesOfRows(deps.db, teamId, query.since, query.until)]);
  const facts = await videoFacts(deps, teamId, [...perVideo.keys()]);
  const groups = new Map<string, { key: string; label: string; sums: Sums; videos: { id: string; adCode: string; impressions: number }[] }>();
  for (const [videoId, sums] of perVideo) {
    // a video deleted since its results were imported belongs to no group
    const video = facts.get(videoId);
    if (!video) continue;
    const { key, label } = video.groups[query.group_by];
    const group = groups.get(key) ?? { key, label, sums: emptySums(), videos: [] };
    add(group.sums, sums);
    group.videos.push({ id: videoId, adCode: video.adCode, impressions: sums.impressions });
    groups.set(key, group);
  }
  const lowerIsBetter = query.metric === 'cpa';
  const results = [...groups.values()].map((g) => {
    const s = g.sums;
    const [ctrLow, ctrHigh] = s.has.clicks ? wilson(s.clicks, s.impressions) : [null, null];
    const m = metricOf(query.metric, s);
    const videos = g.videos.sort((a, b) => b.impressions - a.impressions || a.id.localeCompare(b.id));
    const kind = facts.get(videos[0]!.id)!.kind;
    return {
      key: g.key,
      label: g.label,
      videos: videos.length,
      video_ids: videos.map((v) => v.id),
      ad_codes: videos.map((v) => v.adCode),
      /** the kind of the group's first video (the one with the most impressions), to play it */
      first_video_type: kind,
      impressions: s.impressions,
      clicks: s.has.clicks ? s.clicks : null,
      ctr: s.has.clicks ? ratio(s.clicks, s.impressions) : null,
      ctr_low: ctrLow,
      ctr_high: ctrHigh,
      hook_rate: s.has.hook ? ratio(s.hookPlays, s.hookImpressions) : null,
      spend: s.has.spend ? s.spend : null,
      conversions: s.has.conversions ? s.conversions : null,
      cost_per_result: s.has.spend && s.has.conversions ? ratio(s.spend, s.conversions) : null,
      roas: s.has.spend && s.has.purchaseValue ? ratio(s.purchaseValue, s.spend) : null,
      value: m.value,
      value_low: m.low,
      value_high: m.high,
      verdict: 'behind' as 'winner' | 'behind' | 'too_little_data',
    };
  });
  // best first: the metric's value (a cost: lowest), then impressions; groups without it last
  results.sort((a, b) => {
    if (a.value === null || b.value === null) return a.value === null ? (b.value === null ? b.impressions - a.impressions : 1) : -1;
    return (lowerIsBetter ? a.value - b.value : b.value - a.value) || b.impressions - a.impressions || a.label.localeCompare(b.label);
  });
  const enough = results.filter((r) => r.impressions >= minImpressions && r.value !== null);
  // "wholly above": its worst end beats every other's best end (for a cost: its highest is under their lowest)
  const better = (a: (typeof results)[number], b: (typeof results)[number]) =>
    lowerIsBetter ? a.value_high !== null && b.value_low !== null && a.value_high < b.value_low : a.value_low !== null && b.value_high !== null && a.value_low > b.value_high;
  for (const r of results) {
    if (r.impressions < minImpressions || r.value === null) r.verdict = 'too_little_data';
    else if (enough.length > 1 && enough.every((o) => o === r || better(r, o))) r.verdict = 'winner';
  }
  return {
    metric: query.metric,
    group_by: query.group_by,
    since: query.since ?? null,
    until: query.until ?? null,
    min_impressions: minImpressions,
    // money is summed as the exports wrote it: several currencies here make spend, CPA and ROAS mixed
    currencies: currencies.filter((c): c is string => c !== null),
    results,
  };
}
