/**
 * The columns of the three ads managers' exports, in English and French, as their documentation
 * names them (docs/ad-results.md lists them): each header is compared once lower-cased, with
 * apostrophes and spaces made plain. A metric several columns can give takes the one of highest
 * priority the export has (Meta's link clicks before its clicks of every kind).
 */

export type Network = 'meta' | 'tiktok' | 'google';
export const NETWORKS: readonly Network[] = ['meta', 'tiktok', 'google'];

export const FIELDS = [
  'ad_name',
  'ad_id',
  'creative_name',
  'video_name',
  'campaign_name',
  'ad_group_name',
  'period_start',
  'period_end',
  'day',
  'currency',
  'impressions',
  'reach',
  'clicks',
  'spend',
  'conversions',
  'purchase_value',
  'plays_2s',
  'plays_3s',
  'plays_6s',
  'completed_views',
] as const;
export type Field = (typeof FIELDS)[number];

/** the metrics counted (whole numbers), as opposed to money */
export const COUNT_FIELDS: readonly Field[] = ['impressions', 'reach', 'clicks', 'plays_2s', 'plays_3s', 'plays_6s', 'completed_views'];
export const MONEY_FIELDS: readonly Field[] = ['spend', 'purchase_value'];

interface Alias {
  field: Field;
  /** the networks that write it; a header several write tells nothing of the network */
  networks: readonly Network[];
  lang: 'en' | 'fr';
  /** the normalized header, or a pattern of it (a currency in brackets) */
  name: string | RegExp;
  /** higher wins when an export has several columns for the field */
  priority?: number;
}

const ALL = NETWORKS;
const a = (field: Field, networks: readonly Network[], lang: 'en' | 'fr', names: (string | RegExp)[], priority = 1): Alias[] => names.map((name) => ({ field, networks, lang, name, priority }));

export const ALIASES: Alias[] = [
  // names
  ...a('ad_name', ALL, 'en', ['ad name']),
  ...a('ad_name', ['google'], 'en', ['ad']),
  ...a('ad_name', ['meta'], 'fr', ['nom de la publicité']),
  ...a('ad_name', ['tiktok', 'google'], 'fr', ["nom de l'annonce"]),
  ...a('ad_name', ['google'], 'fr', ['annonce']),
  ...a('ad_id', ALL, 'en', ['ad id']),
  ...a('ad_id', ['meta'], 'fr', ['identifiant de la publicité', 'id de la publicité']),
  ...a('ad_id', ['tiktok', 'google'], 'fr', ["id de l'annonce", "identifiant de l'annonce"]),
  ...a('creative_name', ALL, 'en', ['creative name', 'ad creative name']),
  ...a('creative_name', ALL, 'fr', ['nom de la création', 'nom du contenu publicitaire']),
  ...a('video_name', ALL, 'en', ['video name', 'video title', 'video']),
  ...a('video_name', ALL, 'fr', ['nom de la vidéo', 'titre de la vidéo', 'vidéo']),
  ...a('campaign_name', ['meta', 'tiktok'], 'en', ['campaign name']),
  ...a('campaign_name', ['google'], 'en', ['campaign']),
  ...a('campaign_name', ['meta', 'tiktok'], 'fr', ['nom de la campagne']),
  ...a('campaign_name', ['google'], 'fr', ['campagne']),
  ...a('ad_group_name', ['meta'], 'en', ['ad set name']),
  ...a('ad_group_name', ['tiktok'], 'en', ['ad group name']),
  ...a('ad_group_name', ['google'], 'en', ['ad group']),
  ...a('ad_group_name', ['meta'], 'fr', ["nom de l'ensemble de publicités"]),
  ...a('ad_group_name', ['tiktok'], 'fr', ["nom du groupe d'annonces"]),
  ...a('ad_group_name', ['google'], 'fr', ["groupe d'annonces"]),
  // the period
  ...a('period_start', ['meta'], 'en', ['reporting starts']),
  ...a('period_end', ['meta'], 'en', ['reporting ends']),
  ...a('period_start', ['meta'], 'fr', ['début des rapports']),
  ...a('period_end', ['meta'], 'fr', ['fin des rapports']),
  ...a('day', ALL, 'en', ['day', 'date', 'by day']),
  ...a('day', ALL, 'fr', ['jour', 'date', 'par jour']),
  ...a('currency', ['google'], 'en', ['currency code']),
  ...a('currency', ['tiktok'], 'en', ['currency']),
  ...a('currency', ['google'], 'fr', ['code de la devise']),
  ...a('currency', ['tiktok'], 'fr', ['devise']),
  // metrics
  ...a('impressions', ['meta', 'tiktok'], 'en', ['impressions']),
  ...a('impressions', ['meta', 'tiktok'], 'fr', ['impressions']),
  ...a('impressions', ['google'], 'en', ['impr.']),
  ...a('impressions', ['google'], 'fr', ['impr.']),
  ...a('reach', ['meta', 'tiktok'], 'en', ['reach']),
  ...a('reach', ['meta', 'tiktok'], 'fr', ['couverture']),
  ...a('clicks', ['meta'], 'en', ['link clicks'], 3),
  ...a('clicks', ['meta'], 'en', ['clicks (all)'], 1),
  ...a('clicks', ['meta'], 'fr', ['clics sur un lien'], 3),
  ...a('clicks', ['meta'], 'fr', ['clics (tous)'], 1),
  ...a('clicks', ['tiktok'], 'en', ['clicks (destination)'], 3),
  ...a('clicks', ['tiktok'], 'fr', ['clics (destination)'], 3),
  ...a('clicks', ['google', 'tiktok'], 'en', ['clicks'], 2),
  ...a('clicks', ['google', 'tiktok'], 'fr', ['clics'], 2),
  ...a('spend', ['meta'], 'en', [/^amount spent(?: \(([a-z]{3})\))?$/]),
  ...a('spend', ['meta'], 'fr', [/^montant dépensé(?: \(([a-z]{3})\))?$/]),
  ...a('spend', ['tiktok', 'google'], 'en', [/^cost(?: \(([a-z]{3})\))?$/]),
  ...a('spend', ['tiktok', 'google'], 'fr', [/^coût(?: \(([a-z]{3})\))?$/]),
  ...a('conversions', ['meta'], 'en', ['results'], 3),
  ...a('conversions', ['meta'], 'fr', ['résultats'], 3),
  ...a('conversions', ['meta'], 'en', ['purchases'], 2),
  ...a('conversions', ['meta'], 'fr', ['achats'], 2),
  ...a('conversions', ['tiktok', 'google'], 'en', ['conversions'], 2),
  ...a('conversions', ['tiktok', 'google'], 'fr', ['conversions'], 2),
  ...a('purchase_value', ['meta'], 'en', ['purchases conversion value']),
  ...a('purchase_value', ['meta'], 'fr', ['valeur de conversion des achats']),
  ...a('purchase_value', ['tiktok'], 'en', ['total purchase value', 'purchase value']),
  ...a('purchase_value', ['tiktok'], 'fr', ['valeur totale des achats', "valeur d'achat"]),
  ...a('purchase_value', ['google'], 'en', ['conv. value', 'conversion value']),
  ...a('purchase_value', ['google'], 'fr', ['valeur de conv.', 'valeur de conversion']),
  ...a('plays_2s', ['meta'], 'en', ['2-second continuous video plays']),
  ...a('plays_2s', ['meta'], 'fr', ['lectures continues de vidéo de 2 secondes']),
  ...a('plays_2s', ['tiktok'], 'en', ['2-second video views']),
  ...a('plays_2s', ['tiktok'], 'fr', ['vues de vidéo de 2 secondes']),
  ...a('plays_3s', ['meta'], 'en', ['3-second video plays']),
  ...a('plays_3s', ['meta'], 'fr', ['lectures de vidéo de 3 secondes']),
  ...a('plays_6s', ['tiktok'], 'en', ['6-second video views']),
  ...a('plays_6s', ['tiktok'], 'fr', ['vues de vidéo de 6 secondes']),
  ...a('completed_views', ['meta'], 'en', ['thruplays'], 3),
  ...a('completed_views', ['meta'], 'fr', ['thruplays'], 3),
  ...a('completed_views', ['meta'], 'en', ['video plays at 100%'], 2),
  ...a('completed_views', ['meta'], 'fr', ['lectures de la vidéo à 100%'], 2),
  ...a('completed_views', ['tiktok'], 'en', ['video views at 100%'], 2),
  ...a('completed_views', ['tiktok'], 'fr', ['vues de vidéo à 100%'], 2),
  ...a('completed_views', ['google'], 'en', ['video played to 100%'], 2),
  ...a('completed_views', ['google'], 'fr', ["vidéo lue jusqu'à 100%"], 2),
];

/** A header as the aliases are written: lower case, NFC, plain apostrophes and spaces, no space before `%`, no trailing colon. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFC')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u00a0\u202f\u2007\s]+/g, ' ')
    .replace(/ %/g, '%')
    .replace(/\s*:$/, '')
    .trim()
    .toLowerCase();
}

/** The aliases a header matches (a pattern's currency in brackets, upper-cased). */
export function aliasesOf(header: string): { alias: Alias; currency?: string }[] {
  const plain = normalizeHeader(header);
  const found: { alias: Alias; currency?: string }[] = [];
  for (const alias of ALIASES) {
    if (typeof alias.name === 'string') {
      if (alias.name === plain) found.push({ alias });
    } else {
      const m = alias.name.exec(plain);
      if (m) found.push({ alias, currency: m[1]?.toUpperCase() });
    }
  }
  return found;
}
