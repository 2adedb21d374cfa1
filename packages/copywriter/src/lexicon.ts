import type { Language } from './language.ts';

/**
 * What the reader knows of each language: enough grammar to find a description's subject and verb,
 * its audience, the problem it removes and its objections; no dictionary.
 */
export interface Lexicon {
  /** articles, prepositions, pronouns, conjunctions: never the last word of a phrase, never "content" */
  functionWords: Set<string>;
  /** words after which the rest of a sentence is another clause ("so", "which", "qui") */
  clauseStarters: Set<string>;
  /** "and", "or": where a list of verb phrases splits */
  conjunctions: Set<string>;
  /** what may follow a verb at the start of a sentence without a subject ("Keeps the", "Mantiene las") */
  determiners: Set<string>;
  prepositions: Set<string>;
  /** a sentence's own subject before its verb: "It", "This bottle", "Elle", "Sie", "Ele" */
  subject: RegExp;
  /** subjects that take a plural verb ("They", "Ils") */
  pluralSubject: RegExp;
  /** "we" in the description: a service speaking for itself */
  weSubject: RegExp;
  /** the copula after the subject, with the category's article: "is a", "est une", "ist ein" */
  copula: RegExp;
  /** the plural copula, the category following with or without an article: "are", "sind" */
  copulaPlural: RegExp;
  /** a verb form that starts a phrase about doing something: "buying", "jongler", "tomar" */
  verbal: RegExp;
  /** a verb the description speaks with as "we": "tostamos", "ritiriamo" */
  weVerb?: RegExp;
  /** a verb the reader knows (third person), besides the shapes `verbShape` accepts */
  verbs: Set<string>;
  /** whether a word (as written) looks like a conjugated verb (third person) when it opens a phrase */
  verbShape: (word: string, next: string | undefined) => boolean;
  /** after the category: who it is for ("for commuters", "pour les équipes") */
  audienceBefore: RegExp;
  /** the last (or head) word of a group of people */
  people: RegExp;
  /** where the head noun of a category phrase sits: last word (en, de) or first (Romance languages) */
  headFirst: boolean;
  /** phrases that name the problem a product removes; the groups, joined with a comma, are the problem */
  problems: { re: RegExp; kind: 'np' | 'verbal' }[];
  /** "so you get your weekend back": a sentence about the buyer, group 1 without "so" */
  youClause?: RegExp;
  /** "keeps drinks ice-cold": group 1 the thing, group 2 the state */
  keep?: RegExp;
  /** a duration or time phrase a verb phrase ends with: "for 24 hours", "in 4 weeks" */
  durationTail: RegExp;
  /** objections a feature answers: what it says → the buyer's doubt, asked natively */
  objections: [RegExp, string][];
  /** words that call for an emoji */
  emoji: [RegExp, string][];
  /** the heading the product form writes and the like ("What makes it special:") */
  heading: RegExp;
}

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

/** emoji by the words that call for them, per language (a word means one thing in one language only: "pain") */
function emojiTable(rows: Record<Language, string>[], emoji: string[]): Record<Language, [RegExp, string][]> {
  const out = { en: [], fr: [], es: [], de: [], pt: [], it: [] } as Record<Language, [RegExp, string][]>;
  rows.forEach((row, i) => {
    for (const l of Object.keys(out) as Language[]) if (row[l]) out[l].push([new RegExp(`(?<![\\p{L}])(?:${row[l]})`, 'iu'), emoji[i]!]);
  });
  return out;
}
const EMOJI = emojiTable(
  [
    { en: 'ice|ice-cold|cold\\b|frozen', fr: 'glac|fraîch|froid', es: 'fr[ií][oa]s?\\b|helad', de: 'eiskalt|kalt', pt: 'gelad|fri[oa]s?\\b', it: 'fredd|ghiacc' },
    { en: 'coffee|espresso', fr: 'café', es: 'café', de: 'kaffee', pt: 'café', it: 'caff[èe]' },
    { en: 'glow|radiant|dark spots', fr: 'éclat|lumineu', es: 'brillo|luminos|manchas', de: 'leucht|strahl', pt: 'brilho|poros', it: 'luminos' },
    { en: 'skin', fr: 'peau|peaux', es: 'piel', de: 'haut\\b', pt: 'pele\\b', it: 'pelle\\b' },
    { en: 'plastic|recycled|compostable|eco-friendly', fr: 'plastique|recycl|compost|écolog|rechargeable', es: 'plástico|reciclad|compost|ecológ', de: 'plastik|recycel|kompost|verschwendung', pt: 'plástico|reciclad|compostáv', it: 'plastica|riciclat|compost|ecologic' },
    { en: 'sleep|overnight', fr: 'nuit|sommeil', es: 'noche|dormir', de: 'nacht|schlaf', pt: 'noite|dormir', it: 'notte|sonno' },
    { en: 'budget|taxes|invoice|\\$\\d', fr: 'prix|budget|€', es: 'precio|ahorr|€', de: 'preis|spar|€', pt: 'preço|economi|r\\$', it: 'prezzo|rispar|€' },
    { en: 'minutes?\\b|seconds?\\b', fr: 'minutes?\\b|secondes?\\b', es: 'minutos?\\b|segundos?\\b', de: 'minuten\\b|sekunden\\b', pt: 'minutos?\\b|segundos?\\b', it: 'minuti\\b|secondi\\b' },
    { en: 'phone|app\\b|mobile', fr: 'mobile|téléphone|appli', es: 'móvil|app\\b|aplicación', de: 'handy|app\\b', pt: 'celular|aplicativo|whatsapp', it: 'smartphone|telefono|app\\b' },
    { en: 'car\\b|roads?\\b|drive', fr: 'voiture|route', es: 'coche|carretera', de: 'auto\\b|straße', pt: 'carro|estrada', it: 'auto\\b|strada' },
    { en: 'clean', fr: 'nettoy', es: 'limpi', de: 'sauber|reinig', pt: 'limp', it: 'pulit|lavanderia' },
    { en: 'weekend', fr: 'week-end', es: 'fin de semana', de: 'wochenende', pt: 'fim de semana', it: 'weekend|fine settimana' },
    { en: 'hik|trail|mountain', fr: 'randonn|montagne', es: 'trail|montaña', de: 'wander|touren|berg', pt: 'trilha|montanha', it: 'montagna|sentier' },
    { en: 'gym|workout', fr: 'sport', es: 'gimnasio|entren', de: 'training|sport', pt: 'academia|treino', it: 'palestra|allenament' },
    { en: 'bread', fr: 'pain\\b|tartine', es: 'pan\\b', de: 'brot', pt: 'pão', it: 'pane\\b' },
    { en: 'honey', fr: 'miel', es: 'miel', de: 'honig', pt: 'mel\\b', it: 'miele' },
    { en: 'chocolate', fr: 'chocolat', es: 'chocolate', de: 'schokolade', pt: 'chocolate', it: 'cioccolat' },
    { en: 'rain|waterproof', fr: 'pluie|imperméable', es: 'lluvia|impermeable', de: 'regen|wasserdicht', pt: 'chuva|impermeáv', it: 'pioggia|impermeabil' },
    { en: 'bike|cycling', fr: 'vélo', es: 'bici', de: 'fahrrad', pt: 'bicicleta', it: 'bici' },
    { en: 'battery|charg', fr: 'batterie|charge', es: 'batería|carga', de: 'akku|lad', pt: 'bateria|carreg', it: 'batteri|caric|ricaric' },
    { en: 'drill|screws?\\b', fr: 'perceuse|vis\\b', es: 'taladr|perfora|brocas', de: 'schraub|bohr', pt: 'furadeira|parafus', it: 'trapano|vit[ei]\\b' },
    { en: 'recipe|dinner|cook', fr: 'recette|dîner|cuisin', es: 'receta|cena|cocin', de: 'rezept|gericht|koch', pt: 'receita|jantar|cozinh', it: 'ricett|cena|cucin' },
    { en: 'vegetables', fr: 'légumes', es: 'verduras', de: 'gemüse', pt: 'legumes', it: 'verdur' },
    { en: 'pasta', fr: 'pâtes', es: 'pasta', de: 'nudeln|pasta', pt: 'macarrão|massa', it: 'pasta|sugo' },
    { en: 'shirts?\\b|laundry', fr: 'chemise|linge', es: 'camisa|colada', de: 'hemd|wäsche', pt: 'camisa|roupa', it: 'camici|capi\\b|bucato' },
    { en: 'jacket', fr: 'veste', es: 'chaqueta', de: 'jacke', pt: 'jaqueta', it: 'giacca' },
    { en: 'socks?\\b|feet', fr: 'chaussette|pieds', es: 'calcet|pies\\b', de: 'socke|füße|blasen', pt: 'meias?\\b|pés\\b', it: 'calz|piedi' },
    { en: 'shoes?\\b|sneaker', fr: 'chaussure|basket', es: 'zapatilla|zapato', de: 'schuh', pt: 'tênis|sapato', it: 'scarp' },
    { en: 'backpack', fr: 'sac à dos', es: 'mochila', de: 'rucksack', pt: 'mochila', it: 'zaino' },
    { en: 'teeth|smile|whiten', fr: 'dents|sourire|blanchi', es: 'dientes|sonrisa|blanque', de: 'zähne|lächeln|bleach', pt: 'dentes|sorriso|clarea', it: 'denti|sorriso|sbianc' },
    { en: 'school|math|reading', fr: 'école|maths|lecture', es: 'escuela|matemáticas|lectura', de: 'schule|mathe|lesen', pt: 'escola|matemática|leitura', it: 'scuola|matematica|lettura' },
    { en: 'calendar|appointment|schedul', fr: 'planning|rendez-vous|agenda', es: 'agenda|cita', de: 'termin|kalender', pt: 'agenda|horário', it: 'agenda|appuntament|prenot' },
    { en: 'water\\b|leak', fr: 'eau\\b|fuite', es: 'agua\\b', de: 'wasser', pt: 'água', it: 'acqua' },
    { en: 'hands?\\b', fr: 'mains?\\b', es: 'manos\\b', de: 'hände', pt: 'mãos', it: 'mani\\b' },
    { en: 'hot\\b|warm\\b', fr: 'chaud', es: 'calient', de: 'warm\\b', pt: 'quente', it: 'cald' },
    { en: 'fast|quick', fr: 'rapide', es: 'rápid', de: 'schnell', pt: 'rápid', it: 'rapid|veloc' },
    { en: 'light(?:weight)?\\b|weighs', fr: 'léger|légère|pèse', es: 'liger|pesan?\\b', de: 'leicht|wiegt', pt: 'leve\\b|pesa\\b', it: 'legger|pesa\\b' },
  ],
  ['🧊', '☕', '✨', '🧴', '♻️', '🌙', '💸', '⏱️', '📱', '🚗', '🧼', '🙌', '⛰️', '💪', '🍞', '🍯', '🍫', '🌧️', '🚲', '🔋', '🔧', '🍽️', '🥕', '🍝', '👕', '🧥', '🧦', '👟', '🎒', '😁', '📚', '📅', '💧', '🤲', '🔥', '⚡', '🪶'],
);

const enObjections: [RegExp, string][] = [
  [/\b(?:\d+ (?:minutes|seconds)|in seconds)\b/i, 'No time?'],
  [/\b(?:lifetime warranty|warranty|guarantee|guaranteed)\b/i, 'Will it last?'],
  [/\b(?:dishwasher[- ]safe|easy to clean|machine washable)\b/i, 'A pain to clean?'],
  [/\b(?:leak[- ]proof|spill[- ]proof)\b/i, 'Worried about leaks?'],
  [/\b(?:waterproof|water-resistant)\b/i, 'Caught in the rain?'],
  [/\b(?:cancel anytime|no contract|no commitment)\b/i, 'Another subscription to forget?'],
  [/\b(?:free plan|free trial|no credit card|money[- ]back|for free|refund)\b/i, 'Not sure it’s for you?'],
  [/\b(?:fragrance[- ]free|sensitive skin|dermatologist)\b/i, 'Sensitive skin?'],
  [/\b(?:vegan|cruelty[- ]free)\b/i, 'Wondering what’s inside?'],
  [/\b(?:greasy|sticky)\b/i, 'Hate that sticky feeling?'],
  [/\b(?:vetted|insured|background[- ]checked)\b/i, 'Nervous about letting strangers in?'],
  [/\b(?:encrypted|secure|privacy)\b/i, 'Worried about your data?'],
  [/\b(?:no training|easy setup|no setup)\b/i, 'No time to learn another tool?'],
  [/\b(?:weighs only|lightweight|only \d+ ?g)\b/i, 'Too heavy to carry around?'],
  [/\b(?:fits)\b/i, 'Will it fit?'],
];

const frObjections: [RegExp, string][] = [
  [/\b(?:\d+ (?:minutes|secondes)|en quelques secondes)\b/iu, 'Pas le temps ?'],
  [/\b(?:garantie|garanti|réparée? gratuitement|à vie)\b/iu, 'Et si ça ne dure pas ?'],
  [/\b(?:lave-vaisselle|facile à nettoyer|lavable)\b/iu, 'Galère à nettoyer ?'],
  [/\b(?:imperméable|étanche)\b/iu, 'Peur de la pluie ?'],
  [/\b(?:sans engagement|résiliable)\b/iu, 'Encore un abonnement ?'],
  [/\b(?:gratuit|essai)\b/iu, 'Envie d’essayer sans risque ?'],
  [/\b(?:sans parfum|peaux? sensibles?|dermatolog)/iu, 'Peau sensible ?'],
  [/\b(?:naturel|naturelle|bio|vegan|végan)\b/iu, 'Et dans la composition ?'],
  [/\b(?:conservateurs?|ingrédients)\b/iu, 'Et dans la composition ?'],
  [/\b(?:hébergées? en europe|rgpd|sécuris)/iu, 'Et les données ?'],
  [/\b(?:se plie|léger|légère|pèse)\b/iu, 'Trop encombrant ?'],
  [/\b(?:réfléchissant)/iu, 'Peur de rouler la nuit ?'],
  [/\b(?:rechargeable|recyclé|recyclée)\b/iu, 'Et la planète ?'],
];

const esObjections: [RegExp, string][] = [
  [/\b(?:\d+ (?:minutos|segundos)|una sola sesión)\b/iu, '¿Sin tiempo?'],
  [/\b(?:garantía|de por vida)\b/iu, '¿Y si se rompe?'],
  [/\b(?:cancela cuando quieras|sin permanencia|sin compromiso)\b/iu, '¿Otra suscripción más?'],
  [/\b(?:\d+ días para probar|prueba gratis|gratis|devolución)\b/iu, '¿No lo tienes claro?'],
  [/\b(?:impermeable)\b/iu, '¿Y si llueve?'],
  [/\b(?:sin sensibilidad|sin dolor)\b/iu, '¿Miedo a la sensibilidad?'],
  [/\b(?:pesan? solo|ligera|ligero)\b/iu, '¿Demasiado peso?'],
  [/\b(?:comercio directo|familias)\b/iu, '¿De dónde viene?'],
  [/\b(?:incluido|incluidas?)\b/iu, '¿Y los accesorios?'],
  [/\b(?:carga rápida)\b/iu, '¿Batería descargada?'],
];

const deObjections: [RegExp, string][] = [
  [/\b(?:\d+ (?:minuten|sekunden))\b/iu, 'Keine Zeit?'],
  [/\b(?:garantie)\b/iu, 'Hält das auch?'],
  [/\b(?:kündigen|pausieren|jederzeit)\b/iu, 'Noch ein Abo?'],
  [/\b(?:kostenlos|gratis|testen)\b/iu, 'Noch unsicher?'],
  [/\b(?:waschbar)\b/iu, 'Und die Wäsche?'],
  [/\b(?:offline)\b/iu, 'Kein Internet?'],
  [/\b(?:ohne werbung|werbefrei)\b/iu, 'Werbung in der Kinder-App?'],
  [/\b(?:lehrkräften|pädagog)/iu, 'Bringt das wirklich was?'],
  [/\b(?:wiegt nur|leicht)\b/iu, 'Zu schwer?'],
  [/\b(?:akkus?)\b/iu, 'Akku leer?'],
  [/\b(?:region|regionalen?)\b/iu, 'Woher kommt das Essen?'],
];

const ptObjections: [RegExp, string][] = [
  [/\b(?:\d+ (?:minutos|segundos)|em segundos)\b/iu, 'Sem tempo?'],
  [/\b(?:garantia|vitalícia)\b/iu, 'Será que dura?'],
  [/\b(?:teste grátis|grátis|gratuito)\b/iu, 'Ainda na dúvida?'],
  [/\b(?:vegano|cruelty-free)\b/iu, 'E a fórmula?'],
  [/\b(?:sem conservantes|sem açúcar)\b/iu, 'E os ingredientes?'],
  [/\b(?:pegajosa|pegajoso|oleosa)\b/iu, 'Medo de pele pegajosa?'],
  [/\b(?:resistente à chuva|impermeável)\b/iu, 'E se chover?'],
  [/\b(?:pesa só|leve)\b/iu, 'Pesada demais?'],
  [/\b(?:pix|pagamento antecipado)\b/iu, 'Cliente que não paga?'],
  [/\b(?:compostável|reciclad)/iu, 'E o planeta?'],
];

const itObjections: [RegExp, string][] = [
  [/\b(?:\d+ (?:minuti|secondi)|in pochi secondi|in un minuto)\b/iu, 'Poco tempo?'],
  [/\b(?:garanzia|a vita)\b/iu, 'E se si rompe?'],
  [/\b(?:non unge)\b/iu, 'Paura dell’effetto unto?'],
  [/\b(?:gratuit[io]|gratis)\b/iu, 'Quanto costa?'],
  [/\b(?:ecologic[io])\b/iu, 'E l’ambiente?'],
  [/\b(?:naturali)\b/iu, 'E la formula?'],
  [/\b(?:pieghevole|da borsetta|tascabile)\b/iu, 'Troppo ingombrante?'],
  [/\b(?:adattatori|in viaggio)\b/iu, 'In viaggio?'],
  [/\b(?:solo semola|senza conservanti)\b/iu, 'E gli ingredienti?'],
  [/\b(?:stirate a mano)\b/iu, 'E le camicie?'],
];

const en: Lexicon = {
  functionWords: set('a an the and or but of to in on for with without from by at as so than that which who whom whose this these those your our its their my his her it you we they is are was be been being has have had do does can will would should may might just only very really also every each any all no not more most less into onto over under about up out off per via'),
  clauseStarters: set('so because while whereas although though since unless until'),
  conjunctions: set('and or'),
  determiners: set('a an the your any every all its their our this these those my his her some no each one two three more less'),
  prepositions: set('for in on at with without from by to into onto over under about after before during through across between per via up like'),
  subject: /^(?:it|this(?: \p{L}+){1,2}|our(?: \p{L}+){1,2}|the (?:app|product|service|brand|kit))(?=\s)/iu,
  pluralSubject: /^(?:they|these(?: \p{L}+)?|our(?: \p{L}+)?s)(?=\s)/iu,
  weSubject: /^we(?=\s)/iu,
  copula: /^(?:is|['’]s)\s+(an?|the)\s+(.+)$/iu,
  copulaPlural: /^are\s+()(.+)$/iu,
  verbal: /^\p{L}+ing$/u,
  verbs: set('keeps makes gives helps holds turns lets saves fits works cleans protects removes fades reduces stops sorts shows sends tracks brings cuts adds blocks charges fixes boosts hydrates repairs smooths softens brightens heals soothes cools warms dries folds weighs lasts comes runs syncs plans finds books builds writes reads learns tells reminds sets scans exports connects replaces costs takes washes grows feeds combines includes delivers ships handles puts matches sorts learns exports gets does goes has is'),
  verbShape: (word, next) => /^\p{L}\p{Ll}*(?:[^s]s|es)$/u.test(word) && !/(?:ss|us|is|ous|ics|ness)$/u.test(word) && !!next && en.determiners.has(next),
  audienceBefore: /\s(?:for|made for|designed for|built for)\s+(.+)$/iu,
  people: /(?:ers|ors|ists|ants|ents|ians|ees|goers|people|parents|kids|children|teams|families|owners|women|men|students|athletes|mums|moms|dads|babies|teens|beginners|pros|professionals|creators|riders|lovers|fans|cooks|chefs|nurses|doctors|gamers|travellers|travelers)$/iu,
  headFirst: false,
  problems: [
    { re: /\bso (?:that )?you (?:can )?(?:stop|quit|no longer need to|never have to|don['’]t have to)\s+(.+)$/iu, kind: 'verbal' },
    { re: /\b(?:no more|say goodbye to|goodbye to|forget about|tired of|sick of|fed up with|instead of)\s+(.+)$/iu, kind: 'np' },
    { re: /\bwho (?:hate|hates|struggle with|struggles with|are tired of)\s+(.+)$/iu, kind: 'np' },
    { re: /\b(?:fades|fights|reduces|prevents|removes|eliminates|ends|beats|banishes|clears)\s+(.+)$/iu, kind: 'np' },
    { re: /\bwithout\s+(.+)$/iu, kind: 'np' },
  ],
  youClause: /\bso (?:that )?(you (?!stop|quit|never|no longer|don)\p{L}+ .+)$/iu,
  keep: /^(?:keeps|holds|leaves)\s+((?:(?:your|the|any|all|every)\s+)?[\p{L}-]+(?:\s[\p{L}-]+)?)\s+([\p{L}-]+(?:\sand\s[\p{L}-]+)?)(?=$|\s(?:for|all|on|through|until|up|in)\b)/iu,
  durationTail: /\s+(for|in|within|up to|after)\s+((?:about |over |only |just )?[\d.,]+\+?\s*(?:seconds?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?|years?))$/iu,
  objections: enObjections,
  emoji: EMOJI.en,
  heading: /^(?:what makes it special|features|key features|highlights|why (?:you['’]ll love it|it works)|benefits)\s*:?\s*$/iu,
};

const fr: Lexicon = {
  functionWords: set('le la les l un une des du de d et ou mais à au aux en pour par avec sans sur sous dans chez vers que qui dont où ce cet cette ces son sa ses leur leurs votre vos ton ta tes mon ma mes notre nos il elle ils elles on nous vous tu je est sont a ont être avoir se s ne pas plus très tout toute tous toutes même aussi comme y'),
  clauseStarters: set('pour dont car parce lorsque quand puisque afin'),
  conjunctions: set('et ou'),
  determiners: set('le la les l un une des du de votre vos ton ta tes son sa ses leur leurs ce cet cette ces tout toute tous toutes chaque'),
  prepositions: set('à au aux en pour par avec sans sur sous dans chez vers entre pendant depuis après avant jusqu'),
  subject: /^(?:il|elle|ce produit|cette \p{L}+|ce \p{L}+|notre \p{L}+|la \p{L}+|le \p{L}+)(?=\s)/iu,
  pluralSubject: /^(?:ils|elles|nos \p{L}+|ces \p{L}+)(?=\s)/iu,
  weSubject: /^(?:nous|on)(?=\s)/iu,
  copula: /^(?:est|c['’]est)\s+(un|une)\s+(.+)$/iu,
  copulaPlural: /^sont\s+(des\s+)?(.+)$/iu,
  verbal: /^\p{Ll}+(?:er|ir|re)$/u,
  weVerb: /^\p{Ll}+ons$/u,
  verbs: set('garde répare laisse protège nourrit hydrate réunit remplit permet aide rend offre transforme fait donne reste réduit évite lutte se pèse tient plie sèche apaise nettoie livre prend'),
  verbShape: (word, next) => /^\p{L}\p{Ll}*(?:e|it|nd|t)$/u.test(word) && !!next && (fr.determiners.has(next) || /^(?:l['’]|d['’])/u.test(next)),
  audienceBefore: /\s(?:pour|conçue? pour|pensée? pour|faite? pour)\s+(?:les\s+|des\s+)?(.+)$/iu,
  people: /^(?:\p{L}+(?:eurs|euses|rices|istes|ants|antes|ents|entes|iens|iennes)|familles|parents|enfants|équipes|personnes|femmes|hommes|sportifs|sportives|ados|bébés|pros|professionnels|indépendants|freelances)$/iu,
  headFirst: true,
  problems: [
    { re: /\bpour (?:arrêter|ne plus|cesser) (?:de |d['’])?(.+)$/iu, kind: 'verbal' },
    { re: /\b(?:fini|finis|finies|adieu|stop|plus de|marre de|au lieu de|sans)\s+(.+)$/iu, kind: 'np' },
    { re: /\b(?:lutte contre|réduit|élimine|combat|évite)\s+(.+)$/iu, kind: 'np' },
  ],
  keep: /^(?:garde|laisse|maintient|rend)\s+((?:la|le|les|l['’]|vos|votre|tes|ta|ton)\s?[\p{L}-]+)\s+([\p{L}-]+(?:\set\s[\p{L}-]+)?)(?=$|\s)/iu,
  durationTail: /\s+(pendant|en|jusqu['’]à|sous)\s+((?:seulement |environ )?[\d.,]+\s*(?:secondes?|minutes?|min|heures?|h|jours?|semaines?|mois|ans?))$/iu,
  objections: frObjections,
  emoji: EMOJI.fr,
  heading: /^(?:what makes it special|points forts|ce qui (?:la|le) rend unique|les plus|avantages|caractéristiques)\s*:?\s*$/iu,
};

const es: Lexicon = {
  functionWords: set('el la los las lo un una unos unas y o e u pero de del al a en para por con sin sobre entre hasta desde que quien cual cuyo este esta estos estas ese esa su sus tu tus mi mis nuestro nuestra nuestros nuestras se le les es son muy más menos todo toda todos todas cada ya también como'),
  clauseStarters: set('para porque cuando donde aunque mientras'),
  conjunctions: set('y e o u'),
  determiners: set('el la los las lo un una unos unas tu tus su sus mi mis nuestro nuestra nuestros nuestras este esta estos estas cada todo toda todos todas'),
  prepositions: set('a en para por con sin sobre entre hasta desde durante tras de del al'),
  subject: /^(?:él|ella|este \p{L}+|esta \p{L}+|nuestro \p{L}+|nuestra \p{L}+)(?=\s)/iu,
  pluralSubject: /^(?:ellos|ellas|estos \p{L}+|estas \p{L}+)(?=\s)/iu,
  weSubject: /^(?:nosotros|nosotras)(?=\s)/iu,
  copula: /^(?:es)\s+(un|una)\s+(.+)$/iu,
  copulaPlural: /^son\s+(unos\s+|unas\s+)?(.+)$/iu,
  verbal: /^\p{Ll}+(?:ar|er|ir)$/u,
  weVerb: /^\p{Ll}+(?:amos|emos|imos)$/u,
  verbs: set('mantiene protege perfora aguanta tiene tienen hace da ayuda limpia quita reduce elimina evita cuida hidrata blanquea envía llega dura funciona carga pesa pesan'),
  verbShape: (word, next) => /^\p{L}\p{Ll}*(?:a|e|an|en)$/u.test(word) && !!next && es.determiners.has(next),
  audienceBefore: /\s(?:para|pensad[oa]s? para|hech[oa]s? para|diseñad[oa]s? para)\s+(?:los\s+|las\s+)?(.+)$/iu,
  people: /^(?:\p{L}+(?:ores|oras|istas|antes|entes|anos|anas)|familias|padres|niños|niñas|equipos|personas|mujeres|hombres|estudiantes|deportistas|profesionales|mamás|papás|bebés|autónomos)$/iu,
  headFirst: true,
  problems: [
    { re: /\bpara que (?:dejes|no vuelvas) (?:de |a )?(.+)$/iu, kind: 'verbal' },
    { re: /\b(?:adiós a|olvídate de|se acabó|se acabaron|basta de|en lugar de|sin)\s+(.+)$/iu, kind: 'np' },
    { re: /\b(?:evita|elimina|reduce|combate)\s+(.+)$/iu, kind: 'np' },
  ],
  keep: /^(?:mantiene|deja)\s+((?:el|la|los|las|tu|tus)\s[\p{L}-]+)\s+([\p{L}-]+(?:\sy\s[\p{L}-]+)?)(?=$|\s)/iu,
  durationTail: /\s+(durante|en|hasta)\s+((?:solo |unos |unas )?[\d.,]+\s*(?:segundos?|minutos?|min|horas?|h|días?|semanas?|meses|mes|años?))$/iu,
  objections: esObjections,
  emoji: EMOJI.es,
  heading: /^(?:what makes it special|lo que (?:lo|la) hace especial|características|ventajas|por qué nos encanta)\s*:?\s*$/iu,
};

const de: Lexicon = {
  functionWords: set('der die das den dem des ein eine einen einem einer eines und oder aber mit ohne für auf von zu zum zur im in an am ist sind es sie er wir ihr du dein deine deinen dich dir ihre ihren sein seine nicht kein keine mehr auch nur noch jede jeder jedes aus bei bis nach über unter wie was damit dass als so sehr ganz'),
  clauseStarters: set('damit dass weil wenn wobei sodass während obwohl'),
  conjunctions: set('und oder'),
  determiners: set('der die das den dem des ein eine einen einem einer dein deine deinen ihre ihren sein seine jede jeder jedes alle'),
  prepositions: set('mit ohne für auf von zu zum zur im in an am aus bei bis nach über unter durch gegen um'),
  subject: /^(?:es|sie|er|die app|das \p{L}+|der \p{L}+|unsere? \p{L}+)(?=\s)/iu,
  pluralSubject: /^(?:sie(?=\s\p{Ll}+en\b)|unsere \p{L}+n)(?=\s)/iu,
  weSubject: /^wir(?=\s)/iu,
  copula: /^(?:ist)\s+(ein|eine)\s+(.+)$/iu,
  copulaPlural: /^sind\s+()(.+)$/iu,
  verbal: /^\p{Ll}+en$/u,
  verbs: set('hält halten übt schafft wiegt bringt macht hilft spart schützt pflegt reinigt kommt kommen steht zeigt sorgt liefert passt funktioniert riechen'),
  verbShape: (word, next) => /^\p{Ll}+t$/u.test(word) && !!next && (de.determiners.has(next) || /^(?:sich|nur|auch|über|bis|mit|dich|dir|alle|jeden?)$/u.test(next)),
  audienceBefore: /\s(?:für)\s+(?:alle\s+)?(.+)$/iu,
  people: /(?:er|erinnen|innen|ler|leute|eltern|kinder|familien|teams|menschen|frauen|männer|profis)$/iu,
  headFirst: false,
  problems: [
    { re: /\b(?:keine|kein)\s+(.+?)\s+mehr\b/iu, kind: 'np' },
    { re: /\b(?:schluss mit|nie wieder|statt|ohne)\s+(.+)$/iu, kind: 'np' },
    { re: /\bdamit du nicht mehr\s+(.+?)\s+musst(?:,\s*(.+))?$/iu, kind: 'verbal' },
  ],
  durationTail: /\s+(in|für|bis zu|nach)\s+((?:nur |über )?[\d.,]+\s*(?:sekunden|minuten|min|stunden|std|h|tagen?|wochen?|monaten?|jahren?))$/iu,
  objections: deObjections,
  emoji: EMOJI.de,
  heading: /^(?:what makes it special|das macht (?:es|sie|ihn) besonders|vorteile|highlights|besonderheiten)\s*:?\s*$/iu,
};

const pt: Lexicon = {
  functionWords: set('o a os as um uma uns umas e ou mas de do da dos das em no na nos nas para por pelo pela com sem sobre entre até desde que quem qual este esta estes estas esse essa seu sua seus suas você vocês ele ela eles elas se lhe é são muito mais menos todo toda todos todas cada já também como ao aos à às'),
  clauseStarters: set('para porque quando onde embora enquanto'),
  conjunctions: set('e ou'),
  determiners: set('o a os as um uma uns umas seu sua seus suas este esta estes estas cada todo toda todos todas'),
  prepositions: set('de do da dos das em no na nos nas para por pelo pela com sem sobre entre até desde durante ao à'),
  subject: /^(?:ele|ela|este \p{L}+|esta \p{L}+|nosso \p{L}+|nossa \p{L}+)(?=\s)/iu,
  pluralSubject: /^(?:eles|elas)(?=\s)/iu,
  weSubject: /^(?:nós)(?=\s)/iu,
  copula: /^(?:é)\s+(um|uma)\s+(.+)$/iu,
  copulaPlural: /^são\s+()(.+)$/iu,
  verbal: /^\p{Ll}+(?:ar|er|ir)$/u,
  weVerb: /^\p{Ll}+(?:amos|emos|imos)$/u,
  verbs: set('controla reduz deixa mantém protege tem têm faz dá ajuda limpa hidrata seca pesa dura funciona envia'),
  verbShape: (word, next) => /^\p{L}\p{Ll}*(?:a|e|z|m)$/u.test(word) && !!next && pt.determiners.has(next),
  audienceBefore: /\s(?:para)\s+(?:os\s+|as\s+)?(.+)$/iu,
  people: /^(?:\p{L}+(?:ores|oras|istas|antes|entes)|famílias|pais|crianças|equipes|pessoas|mulheres|homens|estudantes|atletas|salões|barbearias|profissionais|mães|clínicas|lojas)$/iu,
  headFirst: true,
  problems: [
    { re: /\bpara (?:você )?(?:parar de|não) (.+)$/iu, kind: 'verbal' },
    { re: /\b(?:chega de|adeus a|adeus ao|adeus à|sem|em vez de)\s+(.+)$/iu, kind: 'np' },
    { re: /\b(?:reduz|controla|evita|combate|elimina)\s+(.+)$/iu, kind: 'np' },
  ],
  keep: /^(?:mantém|deixa)\s+((?:a|o|as|os|sua|seu|suas|seus)\s[\p{L}-]+)\s+([\p{L}-]+(?:\se\s[\p{L}-]+)?)(?=$|\s)/iu,
  durationTail: /\s+(por|em|durante|até)\s+((?:até |só |apenas )?[\d.,]+\s*(?:segundos?|minutos?|min|horas?|h|dias?|semanas?|meses|mês|anos?))$/iu,
  objections: ptObjections,
  emoji: EMOJI.pt,
  heading: /^(?:what makes it special|diferenciais|o que (?:o|a) torna especial|vantagens|benefícios)\s*:?\s*$/iu,
};

const it: Lexicon = {
  functionWords: set('il lo la i gli le l un uno una e ed o ma di del dello della dei degli delle a al allo alla ai agli alle da dal dalla in nel nello nella nei per con senza su sul sulla tra fra che chi cui questo questa questi queste tuo tua tuoi tue suo sua suoi sue si è sono molto più meno tutto tutta tutti tutte ogni anche come già solo'),
  clauseStarters: set('perché quando dove mentre sebbene così'),
  conjunctions: set('e ed o'),
  determiners: set('il lo la i gli le l un uno una tuo tua tuoi tue suo sua suoi sue questo questa questi queste ogni tutto tutta tutti tutte'),
  prepositions: set('di del della dei a al alla da dal in nel nella per con senza su sul tra fra durante'),
  subject: /^(?:lui|lei|questo \p{L}+|questa \p{L}+|il nostro \p{L}+|la nostra \p{L}+)(?=\s)/iu,
  pluralSubject: /^(?:loro)(?=\s)/iu,
  weSubject: /^(?:noi)(?=\s)/iu,
  copula: /^è\s+(una(?=\s)|uno(?=\s)|un['’]|un(?=\s))\s*(.+)$/iu,
  copulaPlural: /^sono\s+()(.+)$/iu,
  verbal: /^\p{Ll}+(?:are|ere|ire)$/u,
  weVerb: /^\p{Ll}+iamo$/u,
  verbs: set('protegge tiene raccoglie ricarica porta nutre idrata assorbe pulisce riduce elimina evita mantiene lascia fa dà aiuta funziona pesa dura'),
  verbShape: (word, next) => /^\p{L}\p{Ll}*(?:a|e)$/u.test(word) && !!next && it.determiners.has(next),
  audienceBefore: /\s(?:per|pensat[oa] per|fatt[oa] per)\s+(?:i\s+|gli\s+|le\s+)?(.+)$/iu,
  people: /^(?:\p{L}+(?:tori|trici|isti|iste|anti|enti)|famiglie|genitori|bambini|squadre|persone|donne|uomini|studenti|sportivi|pendolari|professionisti|mamme)$/iu,
  headFirst: true,
  problems: [
    { re: /\b(?:basta con|basta|addio a|addio alla|addio al|niente|mai più|invece di|senza)\s+(.+)$/iu, kind: 'np' },
    { re: /\b(?:riduce|elimina|evita|combatte)\s+(.+)$/iu, kind: 'np' },
  ],
  keep: /^(?:mantiene|lascia)\s+((?:la|il|lo|le|i|gli|l['’]|tua|tuo|tue|tuoi)\s?[\p{L}-]+)\s+([\p{L}-]+(?:\se\s[\p{L}-]+)?)(?=$|\s)/iu,
  durationTail: /\s+(per|in|fino a|entro)\s+((?:solo |circa )?[\d.,]+\s*(?:secondi|minuti|min|ore|h|giorni|settimane|mesi|anni))$/iu,
  objections: itObjections,
  emoji: EMOJI.it,
  heading: /^(?:what makes it special|punti di forza|perché è speciale|vantaggi|caratteristiche)\s*:?\s*$/iu,
};

export const LEXICONS: Record<Language, Lexicon> = { en, fr, es, de, pt, it };
