// npm run eval:copy: the copywriter over the fixture descriptions (packages/copywriter/src/fixtures).
// Writes COUNT texts per fixture, checks each with the quality check every text must pass, and
// prints the pass rate per language and per formula (a text asked for but not written counts as a
// failure), what the check turned away while drafting, and a sample of texts per fixture.
//
//   npm run eval:copy                          the offline copywriter over every fixture
//   npm run eval:copy -- --count=N --seed=N --sample=N
//   npm run eval:copy -- --fixture=en-tidewater --count=N --sample=N --markdown   (the README's sample)
//   npm run eval:copy -- --model               the configured model (OPENAI_BASE_URL / _API_KEY / _MODEL); it costs tokens
//
// Exits 1 when a text fails the check or a fixture gets fewer texts than asked.
import { checkBatch, createOpenAiCopywriter, createTemplateCopywriter, draftTexts, FORMULAS, LANGUAGES, readProduct, type Copywriter, type Formula, type Language } from '../packages/copywriter/src/index.ts';
import { FIXTURES } from '../packages/copywriter/src/fixtures/descriptions.ts';

const arg = (name: string) => process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`))?.split('=')[1];
const flag = (name: string) => process.argv.includes(`--${name}`);
const count = Number(arg('count') ?? 20);
const seed = Number(arg('seed') ?? 1);
const sample = Number(arg('sample') ?? 4);
const only = arg('fixture');
const useModel = flag('model');

let writer: Copywriter = createTemplateCopywriter();
if (useModel) {
  if (!process.env.OPENAI_BASE_URL && !process.env.OPENAI_API_KEY) {
    console.error('--model needs OPENAI_BASE_URL or OPENAI_API_KEY (and OPENAI_MODEL) in the environment.');
    process.exit(2);
  }
  writer = createOpenAiCopywriter({ baseUrl: process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1', apiKey: process.env.OPENAI_API_KEY, model: process.env.OPENAI_MODEL ?? 'gpt-4o-mini', timeoutMs: 120_000 });
}

interface Tally {
  asked: number;
  passed: number;
}
const tally = () => ({ asked: 0, passed: 0 });
const byLanguage = new Map<Language, Tally>(LANGUAGES.map((l) => [l, tally()]));
const byFormula = new Map<Formula, Tally>(FORMULAS.map((f) => [f, tally()]));
const rejected = new Map<string, number>();
let drafted = 0;
let replaced = 0;
const failures: string[] = [];
const samples: string[] = [];

const fixtures = FIXTURES.filter((f) => !only || f.id === only);
if (fixtures.length === 0) {
  console.error(`No fixture "${only}". Fixtures: ${FIXTURES.map((f) => f.id).join(', ')}`);
  process.exit(2);
}

for (const fixture of fixtures) {
  const context = { name: fixture.name, type: 'product' as const, content: fixture.content };
  const product = readProduct(context);
  const { texts, language } = await writer.write({ context, count, seed });
  const report = checkBatch(
    texts.map((t) => t.text),
    product,
  );
  const lang = byLanguage.get(fixture.language)!;
  lang.asked += count;
  if (language !== fixture.language) failures.push(`${fixture.id}: written in ${language}, not ${fixture.language}`);
  if (texts.length < count) failures.push(`${fixture.id}: ${texts.length} texts of ${count}`);
  for (const [i, t] of texts.entries()) {
    const ok = report[i]!.problems.length === 0 && language === fixture.language;
    const f = byFormula.get(t.formula)!;
    f.asked++;
    if (ok) {
      f.passed++;
      lang.passed++;
    } else failures.push(`${fixture.id}: ${JSON.stringify(t.text)}: ${report[i]!.problems.join(' ')}`);
    if (t.writer === 'template' && useModel) replaced++;
  }
  if (!useModel) {
    // what the check turned away while the formulas were being filled (kept out of the batch)
    drafted += draftTexts(product, { seed, onReject: (_, problems) => problems.forEach((p) => rejected.set(p.replace(/\(".*"\)|\d+/gu, '…'), (rejected.get(p.replace(/\(".*"\)|\d+/gu, '…')) ?? 0) + 1)) }).length;
  }
  const shown = texts.slice(0, sample);
  if (flag('markdown')) {
    samples.push(`${fixture.id} (${fixture.language}), ${texts.length} texts, seed ${seed}:\n`);
    for (const [i, t] of shown.entries()) samples.push(`${i + 1}. *${t.formula}*: ${t.text.split('\n').join(' / ')}`);
  } else {
    samples.push(`\n${fixture.id} (${fixture.language}, ${fixture.kind}): ${texts.length}/${count}`);
    for (const t of shown) samples.push(`  [${t.formula}] ${t.text.split('\n').join(' / ')}`);
  }
}

const rate = (t: Tally) => (t.asked === 0 ? '   –  ' : `${((100 * t.passed) / t.asked).toFixed(1).padStart(5)}%`);
console.log(`${useModel ? `model ${process.env.OPENAI_MODEL ?? 'gpt-4o-mini'}` : 'offline copywriter'}: ${fixtures.length} fixtures × ${count} texts, seed ${seed}\n`);
console.log('pass rate by language');
for (const [l, t] of byLanguage) if (t.asked > 0) console.log(`  ${l}  ${rate(t)}  (${t.passed}/${t.asked})`);
console.log('\npass rate by formula (of the texts written in it)');
for (const [f, t] of byFormula) console.log(`  ${f.padEnd(13)} ${rate(t)}  (${t.passed}/${t.asked})`);
const total = [...byLanguage.values()].reduce((a, t) => ({ asked: a.asked + t.asked, passed: a.passed + t.passed }), tally());
console.log(`\nall  ${rate(total)}  (${total.passed}/${total.asked})`);
if (useModel) console.log(`model texts replaced by offline ones after the retry: ${replaced}`);
else {
  const turned = [...rejected.values()].reduce((a, b) => a + b, 0);
  console.log(`\nwhile drafting, the check kept ${drafted} drafts and turned away ${turned}:`);
  for (const [reason, n] of [...rejected.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`  ${String(n).padStart(4)}  ${reason}`);
}
console.log(`\nsamples${flag('markdown') ? '' : ` (first ${sample} of each fixture)`}`);
console.log(samples.join('\n'));
if (failures.length > 0) {
  console.log(`\n${failures.length} failures:`);
  for (const f of failures.slice(0, 50)) console.log(`  ${f}`);
  process.exit(1);
}
