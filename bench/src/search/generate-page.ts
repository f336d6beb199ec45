/**
 * Deterministic page text of a Dutch research and advisory firm, in Dutch and English, for the
 * search benchmark: titles of 3–8 words, an SEO description, and bodies of 150–600 words in
 * several blocks (headings, rich text with lists, quotes, questions and answers, key figures,
 * images with alternative texts). Words come from real vocabulary in their inflected forms
 * (adviezen, geëvalueerd, regionale; municipalities, analysed) with the accents the language
 * writes (enquête, coördinatie, financiële, cliënten), drawn with a Zipf-like skew. The words of
 * the trade (onderzoek, gemeente) are on nearly every page; each page is about two fields
 * (jeugdzorg, energietransitie) and uses their words, which other pages use only now and then, so
 * a word's document frequency varies as on a real site: from most pages to a few in a hundred.
 */
import type { Block } from '@pagelog/contracts/blocks/block';
import { prng } from '../common';

export type BenchLocale = 'nl-nl' | 'en-gb';

export interface GeneratedPage {
  locale: BenchLocale;
  pageType: string;
  title: string;
  slug: string;
  description: string;
  blocks: Block[];
  /** Indexes into `benchTags(locale)`. */
  tags: number[];
}

type Random = () => number;

interface Noun {
  /** Singular and plural (the plural may equal the singular for mass nouns). */
  sg: string;
  pl: string;
  /** Dutch: a het-word (de otherwise); unused in English. */
  het?: boolean;
}

interface Adjective {
  /** Dutch: undeclined and declined (-e) form; English: the same twice. */
  base: string;
  declined: string;
}

interface Verb {
  /** Third person singular, plural (or infinitive) and past participle. */
  s3: string;
  pl: string;
  participle: string;
}

interface Language {
  /** Words of the trade, on nearly every page (onderzoek, gemeente, advies). */
  nouns: Noun[];
  /** Words of a field (jeugdzorg, energietransitie): mostly on the pages about it. */
  domainNouns: Noun[];
  adjectives: Adjective[];
  verbs: Verb[];
  adverbs: string[];
  prepositions: string[];
  places: string[];
  roles: string[];
  people: string[];
  tags: string[];
}

const n = (sg: string, pl = sg, het = false): Noun => ({ sg, pl, het });
const h = (sg: string, pl = sg): Noun => n(sg, pl, true);
const a = (base: string, declined = base): Adjective => ({ base, declined });
const v = (s3: string, pl: string, participle: string): Verb => ({ s3, pl, participle });

const places = [
  'Amsterdam', 'Rotterdam', 'Utrecht', 'Den Haag', 'Eindhoven', 'Groningen', 'Tilburg', 'Almere', 'Breda', 'Nijmegen',
  'Arnhem', 'Zwolle', 'Leeuwarden', 'Maastricht', "'s-Hertogenbosch", 'Zeeland', 'Friesland', 'Drenthe', 'Limburg',
  'Noord-Brabant', 'Gelderland', 'Flevoland', 'Overijssel', 'Zuid-Holland', 'Noord-Holland', 'Twente', 'de Achterhoek',
];

const people = [
  'Sanne de Vries', 'Joost Bakker', 'Fatima El Amrani', 'Pieter van Dijk', 'Anouk Jansen', 'Mehmet Yılmaz', 'Eline Visser',
  'Bram Smit', 'Noor Hendriks', 'Thijs Mulder', 'Lotte de Boer', 'René Dekker', 'Chloë Peters', 'Daan Vermeulen',
];

// Ordered roughly from frequent to rare: the picker draws with a Zipf-like skew on the position.
const dutch: Language = {
  nouns: [
    h('onderzoek', 'onderzoeken'), n('gemeente', 'gemeenten'), h('advies', 'adviezen'), h('beleid'), n('organisatie', 'organisaties'),
    n('samenwerking', 'samenwerkingen'), n('evaluatie', 'evaluaties'), h('resultaat', 'resultaten'), n('regio', "regio's"), n('bewoner', 'bewoners'),
    h('effect', 'effecten'), n('maatregel', 'maatregelen'), n('aanbeveling', 'aanbevelingen'), h('project', 'projecten'), n('analyse', 'analyses'),
    n('enquête', 'enquêtes'), n('uitvoering'), n('provincie', 'provincies'), h('ministerie', 'ministeries'), h('rapport', 'rapporten'),
    n('doelgroep', 'doelgroepen'), n('ontwikkeling', 'ontwikkelingen'), n('vraag', 'vragen'), n('ervaring', 'ervaringen'), n('coördinatie'),
    n('werkgever', 'werkgevers'), n('inwoner', 'inwoners'), n('vragenlijst', 'vragenlijsten'), n('conclusie', 'conclusies'), n('wet', 'wetten'),
    n('regeling', 'regelingen'), n('opdrachtgever', 'opdrachtgevers'), h('programma', "programma's"), h('interview', 'interviews'), h('verslag', 'verslagen'),
    n('kennis'), n('kosten', 'kosten'), n('baten', 'baten'), h('risico', "risico's"), n('kans', 'kansen'), h('knelpunt', 'knelpunten'),
    n('uitdaging', 'uitdagingen'), n('toekomst'), n('verkenning', 'verkenningen'), n('monitor', 'monitoren'), n('steekproef', 'steekproeven'),
    n('respondent', 'respondenten'), n('praktijk', 'praktijken'), n('methode', 'methoden'), n('indicator', 'indicatoren'), h('scenario', "scenario's"),
    n('overheid', 'overheden'), n('burger', 'burgers'), n('financiering', 'financieringen'), n('begroting', 'begrotingen'), n('ondernemer', 'ondernemers'),
    n('zorg'),
  ],
  domainNouns: [
    n('jeugdzorg'), n('energietransitie'), n('duurzaamheid'), n('woningmarkt'), n('arbeidsmarkt'), h('onderwijs'), n('gezondheid'),
    n('veiligheid'), n('mobiliteit'), n('subsidie', 'subsidies'), n('wijk', 'wijken'), n('woning', 'woningen'), n('school', 'scholen'),
    n('leerling', 'leerlingen'), n('docent', 'docenten'), n('huisarts', 'huisartsen'), n('jongere', 'jongeren'), n('oudere', 'ouderen'),
    n('mantelzorger', 'mantelzorgers'), n('vrijwilliger', 'vrijwilligers'), n('cliënt', 'cliënten'), n('patiënt', 'patiënten'), h('gezin', 'gezinnen'),
    n('tevredenheid'), n('efficiëntie'), n('bereikbaarheid'), n('krapte'), n('beroepsbevolking'), n('economie', 'economieën'), n('rijksoverheid'),
    n('inclusie'), n('diversiteit'), n('digitalisering'), n('privacy'), h('toezicht'), n('klimaatadaptatie'), h('warmtenet', 'warmtenetten'),
    n('participatie'), n('leefbaarheid'), n('armoede'), n('schuldhulpverlening'), n('bestaanszekerheid'), n('zorgverzekeraar', 'zorgverzekeraars'),
    h('stikstof'), n('waterveiligheid'), n('ruimtelijke ordening'), n('netcongestie'), h('ziekenhuis', 'ziekenhuizen'), n('wachtlijst', 'wachtlijsten'),
    h('inkomen', 'inkomens'), n('huurder', 'huurders'),
  ],
  adjectives: [
    a('belangrijk', 'belangrijke'), a('regionaal', 'regionale'), a('lokaal', 'lokale'), a('landelijk', 'landelijke'), a('maatschappelijk', 'maatschappelijke'),
    a('nieuw', 'nieuwe'), a('duurzaam', 'duurzame'), a('effectief', 'effectieve'), a('financieel', 'financiële'), a('sociaal', 'sociale'),
    a('economisch', 'economische'), a('huidig', 'huidige'), a('kwalitatief', 'kwalitatieve'), a('kwantitatief', 'kwantitatieve'), a('structureel', 'structurele'),
    a('efficiënt', 'efficiënte'), a('praktisch', 'praktische'), a('betrouwbaar', 'betrouwbare'), a('integraal', 'integrale'), a('publiek', 'publieke'),
    a('gezamenlijk', 'gezamenlijke'), a('actueel', 'actuele'), a('onafhankelijk', 'onafhankelijke'), a('concreet', 'concrete'), a('preventief', 'preventieve'),
    a('kwetsbaar', 'kwetsbare'), a('groot', 'grote'), a('klein', 'kleine'), a('hoog', 'hoge'), a('laag', 'lage'), a('ideëel', 'ideële'),
    a('europees', 'europese'), a('toegankelijk', 'toegankelijke'), a('bestuurlijk', 'bestuurlijke'), a('ruimtelijk', 'ruimtelijke'),
  ],
  verbs: [
    v('onderzoekt', 'onderzoeken', 'onderzocht'), v('adviseert', 'adviseren', 'geadviseerd'), v('evalueert', 'evalueren', 'geëvalueerd'),
    v('analyseert', 'analyseren', 'geanalyseerd'), v('ondersteunt', 'ondersteunen', 'ondersteund'), v('verbetert', 'verbeteren', 'verbeterd'),
    v('ontwikkelt', 'ontwikkelen', 'ontwikkeld'), v('versterkt', 'versterken', 'versterkt'), v('vermindert', 'verminderen', 'verminderd'),
    v('stimuleert', 'stimuleren', 'gestimuleerd'), v('begeleidt', 'begeleiden', 'begeleid'), v('meet', 'meten', 'gemeten'),
    v('vergelijkt', 'vergelijken', 'vergeleken'), v('bespreekt', 'bespreken', 'besproken'), v('coördineert', 'coördineren', 'gecoördineerd'),
    v('realiseert', 'realiseren', 'gerealiseerd'), v('betrekt', 'betrekken', 'betrokken'), v('signaleert', 'signaleren', 'gesignaleerd'),
    v('verwacht', 'verwachten', 'verwacht'), v('beoordeelt', 'beoordelen', 'beoordeeld'), v('financiert', 'financieren', 'gefinancierd'),
    v('verkent', 'verkennen', 'verkend'), v('beschrijft', 'beschrijven', 'beschreven'), v('organiseert', 'organiseren', 'georganiseerd'),
  ],
  adverbs: ['ook', 'vooral', 'nauwelijks', 'steeds vaker', 'nog niet', 'duidelijk', 'gemiddeld', 'opnieuw', 'vaak', 'in de praktijk', 'tegelijk', 'voorlopig'],
  prepositions: ['van', 'in', 'voor', 'met', 'bij', 'over', 'naar', 'door', 'tussen', 'binnen', 'rond'],
  places,
  roles: ['senior onderzoeker', 'adviseur', 'projectleider', 'directeur', 'wethouder', 'beleidsmedewerker', 'programmamanager', 'partner'],
  people,
  tags: [
    'jeugdzorg', 'energietransitie', 'wonen', 'arbeidsmarkt', 'onderwijs', 'zorg', 'duurzaamheid', 'mobiliteit', 'veiligheid', 'armoede',
    'participatie', 'klimaatadaptatie', 'sociaal domein', 'economie', 'digitalisering', 'evaluatie', 'monitoring', 'enquête', 'openbaar bestuur', 'stikstof',
  ],
};

const english: Language = {
  nouns: [
    n('research'), n('municipality', 'municipalities'), n('policy', 'policies'), n('evaluation', 'evaluations'), n('organisation', 'organisations'),
    n('survey', 'surveys'), n('advice'), n('result', 'results'), n('region', 'regions'), n('government', 'governments'), n('resident', 'residents'),
    n('impact', 'impacts'), n('recommendation', 'recommendations'), n('finding', 'findings'), n('project', 'projects'), n('analysis', 'analyses'),
    n('stakeholder', 'stakeholders'), n('implementation'), n('province', 'provinces'), n('ministry', 'ministries'), n('report', 'reports'),
    n('coordination'), n('employer', 'employers'), n('programme', 'programmes'), n('interview', 'interviews'), n('respondent', 'respondents'),
    n('questionnaire', 'questionnaires'), n('cost', 'costs'), n('benefit', 'benefits'), n('risk', 'risks'), n('opportunity', 'opportunities'),
    n('challenge', 'challenges'), n('development', 'developments'), n('outcome', 'outcomes'), n('indicator', 'indicators'), n('scenario', 'scenarios'),
    n('method', 'methods'), n('sample', 'samples'), n('evidence'), n('knowledge'), n('experience', 'experiences'), n('funding'),
    n('budget', 'budgets'), n('regulation', 'regulations'), n('law', 'laws'), n('partnership', 'partnerships'), n('entrepreneur', 'entrepreneurs'),
  ],
  domainNouns: [
    n('healthcare'), n('housing'), n('labour market'), n('energy transition'), n('sustainability'), n('youth care'), n('education'), n('health'),
    n('safety'), n('mobility'), n('school', 'schools'), n('pupil', 'pupils'), n('teacher', 'teachers'), n('family', 'families'),
    n('neighbourhood', 'neighbourhoods'), n('poverty'), n('debt counselling'), n('inclusion'), n('diversity'), n('digitalisation'), n('privacy'),
    n('client', 'clients'), n('patient', 'patients'), n('volunteer', 'volunteers'), n('caregiver', 'caregivers'), n('climate adaptation'),
    n('district heating'), n('participation'), n('liveability'), n('efficiency'), n('accessibility'), n('workforce'), n('economy', 'economies'),
    n('nitrogen'), n('waiting list', 'waiting lists'), n('tenant', 'tenants'), n('hospital', 'hospitals'), n('income', 'incomes'), n('grid congestion'),
  ],
  adjectives: [
    a('important'), a('regional'), a('local'), a('national'), a('social'), a('new'), a('sustainable'), a('effective'), a('financial'),
    a('economic'), a('current'), a('qualitative'), a('quantitative'), a('structural'), a('efficient'), a('practical'), a('reliable'),
    a('integrated'), a('public'), a('joint'), a('independent'), a('concrete'), a('preventive'), a('vulnerable'), a('large'), a('small'),
    a('high'), a('low'), a('European'), a('accessible'), a('administrative'), a('naïve'),
  ],
  verbs: [
    v('researches', 'research', 'researched'), v('advises', 'advise', 'advised'), v('evaluates', 'evaluate', 'evaluated'),
    v('analyses', 'analyse', 'analysed'), v('supports', 'support', 'supported'), v('improves', 'improve', 'improved'),
    v('develops', 'develop', 'developed'), v('strengthens', 'strengthen', 'strengthened'), v('reduces', 'reduce', 'reduced'),
    v('encourages', 'encourage', 'encouraged'), v('measures', 'measure', 'measured'), v('compares', 'compare', 'compared'),
    v('coordinates', 'coordinate', 'coordinated'), v('identifies', 'identify', 'identified'), v('involves', 'involve', 'involved'),
    v('expects', 'expect', 'expected'), v('assesses', 'assess', 'assessed'), v('monitors', 'monitor', 'monitored'),
    v('recommends', 'recommend', 'recommended'), v('finances', 'finance', 'financed'), v('explores', 'explore', 'explored'),
    v('describes', 'describe', 'described'), v('organises', 'organise', 'organised'), v('shows', 'show', 'shown'),
  ],
  adverbs: ['also', 'mainly', 'hardly', 'increasingly', 'not yet', 'clearly', 'on average', 'again', 'often', 'in practice', 'at the same time', 'for now'],
  prepositions: ['of', 'in', 'for', 'with', 'at', 'about', 'towards', 'by', 'between', 'within', 'around'],
  places: [...places, 'the Netherlands', 'Flanders', 'the Randstad'],
  roles: ['senior researcher', 'consultant', 'project lead', 'director', 'alderman', 'policy officer', 'programme manager', 'partner'],
  people,
  tags: [
    'youth care', 'energy transition', 'housing', 'labour market', 'education', 'healthcare', 'sustainability', 'mobility', 'safety', 'poverty',
    'participation', 'climate adaptation', 'social domain', 'economy', 'digitalisation', 'evaluation', 'monitoring', 'survey', 'public administration', 'nitrogen',
  ],
};

const languages: Record<BenchLocale, Language> = { 'nl-nl': dutch, 'en-gb': english };

/** The tag names of a locale; a page's `tags` index them. */
export function benchTags(locale: BenchLocale): readonly string[] {
  return languages[locale].tags;
}

/** Cumulative weights 1/(rank+1)^exponent per list length and exponent, for the skewed draw. */
const cumulativeWeights = new Map<string, number[]>();

function skewed<T>(random: Random, items: readonly T[], exponent = 0.8): T {
  const key = `${items.length}:${exponent}`;
  let cumulative = cumulativeWeights.get(key);
  if (!cumulative) {
    cumulative = [];
    let sum = 0;
    for (let i = 0; i < items.length; i++) cumulative.push((sum += 1 / (i + 1) ** exponent));
    cumulativeWeights.set(key, cumulative);
  }
  const x = random() * cumulative[cumulative.length - 1]!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return items[lo]!;
}

function uniform<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const countWords = (text: string) => text.split(/\s+/).filter((w) => w !== '').length;

/** What one page writes about: two fields it keeps returning to, and a place. */
interface Topic {
  nouns: Noun[];
  place: string;
}

class Writer {
  constructor(
    private readonly random: Random,
    private readonly lang: Language,
    private readonly dutchGrammar: boolean,
    private readonly topic: Topic,
  ) {}

  noun(): Noun {
    const x = this.random();
    if (this.dutchGrammar && x < 0.05) return this.compound();
    if (x < 0.3) return uniform(this.random, this.topic.nouns);
    // Now and then a field the page is not about, so a field's words are on some other pages too.
    if (x < 0.31) return uniform(this.random, this.lang.domainNouns);
    return skewed(this.random, this.lang.nouns);
  }

  /**
   * A Dutch compound of the page's field and a word of the trade ("jeugdzorgbeleid",
   * "duurzaamheidsonderzoek"): Dutch writes them as one word, which gives a site its long tail of
   * rare words (the typo look-up goes through all of them).
   */
  compound(): Noun {
    const field = uniform(this.random, this.topic.nouns);
    const head = skewed(this.random, this.lang.nouns);
    if (field.sg.includes(' ')) return head;
    const joint = /(heid|ing|teit|schap)$/.test(field.sg) ? 's' : '';
    return { sg: `${field.sg}${joint}${head.sg}`, pl: `${field.sg}${joint}${head.pl}`, het: head.het };
  }

  /** A noun phrase: an article or none, perhaps an adjective, declined as the language wants. */
  nounPhrase(definite = this.random() < 0.6): string {
    const noun = this.noun();
    const plural = this.random() < 0.35 && noun.pl !== noun.sg;
    const adjective = this.random() < 0.45 ? skewed(this.random, this.lang.adjectives) : null;
    const word = plural ? noun.pl : noun.sg;
    if (!this.dutchGrammar) {
      const article = definite ? 'the ' : plural || this.random() < 0.5 ? '' : /^[aeiou]/.test(adjective?.base ?? word) ? 'an ' : 'a ';
      return `${article}${adjective ? `${adjective.base} ` : ''}${word}`;
    }
    if (plural) return `${definite ? 'de ' : ''}${adjective ? `${adjective.declined} ` : ''}${word}`;
    if (definite) return `${noun.het ? 'het' : 'de'} ${adjective ? `${adjective.declined} ` : ''}${word}`;
    // "een regionaal onderzoek", "een regionale samenwerking"
    return `een ${adjective ? `${noun.het ? adjective.base : adjective.declined} ` : ''}${word}`;
  }

  prepositional(): string {
    return `${uniform(this.random, this.lang.prepositions)} ${this.random() < 0.25 ? this.place() : this.nounPhrase()}`;
  }

  place(): string {
    return this.random() < 0.6 ? this.topic.place : uniform(this.random, this.lang.places);
  }

  number(): string {
    const value = 20 + Math.floor(this.random() ** 2 * 4000);
    return this.dutchGrammar ? value.toLocaleString('nl-NL') : value.toLocaleString('en-GB');
  }

  sentence(): string {
    const r = this.random;
    const verb = skewed(r, this.lang.verbs);
    const adverb = uniform(r, this.lang.adverbs);
    const pick = Math.floor(r() * 8);
    let text: string;
    if (this.dutchGrammar) {
      switch (pick) {
        case 0: text = `${this.nounPhrase(true)} ${verb.s3} ${this.nounPhrase()} ${this.prepositional()}`; break;
        case 1: text = `uit ${this.nounPhrase(true)} blijkt dat ${this.nounPhrase()} ${this.prepositional()} ${adverb} ${verb.s3}`; break;
        case 2: text = `in ${this.place()} ${verb.s3} ${this.nounPhrase(true)} ${adverb} ${this.nounPhrase()}`; break;
        case 3: text = `${this.nounPhrase(true)} heeft ${this.nounPhrase()} ${this.prepositional()} ${verb.participle}`; break;
        case 4: text = `wij ${verb.pl} ${this.nounPhrase()} ${this.prepositional()} en ${skewed(r, this.lang.verbs).pl} ${this.nounPhrase()}`; break;
        case 5: text = `het gaat om ${this.number()} ${this.noun().pl} ${this.prepositional()}`; break;
        case 6: text = `daarom ${verb.pl} ${this.nounPhrase(true)} en ${this.nounPhrase(true)} ${adverb} ${this.nounPhrase()}`; break;
        default: text = `${this.nounPhrase()} wordt ${this.prepositional()} ${adverb} ${verb.participle}`;
      }
    } else {
      switch (pick) {
        case 0: text = `${this.nounPhrase(true)} ${verb.s3} ${this.nounPhrase()} ${this.prepositional()}`; break;
        case 1: text = `${this.nounPhrase(true)} shows that ${this.nounPhrase()} ${adverb} ${verb.s3} ${this.nounPhrase()}`; break;
        case 2: text = `in ${this.place()}, ${this.nounPhrase(true)} ${adverb} ${verb.s3} ${this.nounPhrase()}`; break;
        case 3: text = `${this.nounPhrase(true)} has ${verb.participle} ${this.nounPhrase()} ${this.prepositional()}`; break;
        case 4: text = `we ${verb.pl} ${this.nounPhrase()} ${this.prepositional()} and ${skewed(r, this.lang.verbs).pl} ${this.nounPhrase()}`; break;
        case 5: text = `it concerns ${this.number()} ${this.noun().pl} ${this.prepositional()}`; break;
        case 6: text = `therefore ${this.nounPhrase(true)} and ${this.nounPhrase(true)} ${adverb} ${verb.pl} ${this.nounPhrase()}`; break;
        default: text = `${this.nounPhrase()} is ${adverb} ${verb.participle} ${this.prepositional()}`;
      }
    }
    return `${capitalise(text)}.`;
  }

  paragraph(sentences: number): string {
    return Array.from({ length: sentences }, () => this.sentence()).join(' ');
  }

  title(): string {
    for (;;) {
      const r = this.random;
      const topic = uniform(r, this.topic.nouns);
      const pick = Math.floor(r() * 5);
      let text: string;
      if (this.dutchGrammar) {
        switch (pick) {
          case 0: text = `${topic.sg} van ${this.nounPhrase(true)}`; break;
          case 1: text = `onderzoek naar ${this.nounPhrase()} in ${this.place()}`; break;
          case 2: text = `${skewed(r, this.lang.adjectives).declined} ${topic.pl} voor ${this.noun().pl}`; break;
          case 3: text = `hoe ${this.noun().pl} ${this.nounPhrase(true)} ${skewed(r, this.lang.verbs).pl}`; break;
          default: text = `${topic.sg} en ${this.noun().sg}: ${this.nounPhrase()}`;
        }
      } else {
        switch (pick) {
          case 0: text = `${topic.sg} of ${this.nounPhrase(true)}`; break;
          case 1: text = `research into ${this.nounPhrase()} in ${this.place()}`; break;
          case 2: text = `${skewed(r, this.lang.adjectives).base} ${topic.pl} for ${this.noun().pl}`; break;
          case 3: text = `how ${this.noun().pl} ${skewed(r, this.lang.verbs).pl} ${this.nounPhrase(true)}`; break;
          default: text = `${topic.sg} and ${this.noun().sg}: ${this.nounPhrase()}`;
        }
      }
      const words = countWords(text);
      if (words >= 3 && words <= 8) return capitalise(text);
    }
  }

  heading(): string {
    const noun = uniform(this.random, this.topic.nouns);
    const adjective = skewed(this.random, this.lang.adjectives);
    // Without an article Dutch declines the adjective except before a het-word: "duurzaam advies", "duurzame zorg".
    const declined = this.dutchGrammar && !noun.het ? adjective.declined : adjective.base;
    return capitalise(this.random() < 0.5 ? `${declined} ${noun.sg}` : `${noun.sg} ${this.prepositional()}`);
  }
}

/** Rich text as the editor stores it: paragraphs, now and then a list or an emphasised phrase. */
function richText(writer: Writer, random: Random, words: number): string {
  const parts: string[] = [];
  let written = 0;
  while (written < words) {
    if (random() < 0.15) {
      const items = Array.from({ length: 3 + Math.floor(random() * 3) }, () => writer.nounPhrase());
      parts.push(`<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`);
      written += items.reduce((sum, item) => sum + countWords(item), 0);
      continue;
    }
    let paragraph = writer.paragraph(2 + Math.floor(random() * 3));
    if (random() < 0.3) {
      const sentences = paragraph.split('. ');
      const i = Math.floor(random() * sentences.length);
      sentences[i] = `<strong>${sentences[i]}</strong>`;
      paragraph = sentences.join('. ');
    }
    parts.push(`<p>${paragraph}</p>`);
    written += countWords(paragraph);
  }
  return parts.join('');
}

const pageTypes: [string, number][] = [
  ['article', 0.4],
  ['publication', 0.22],
  ['expertise', 0.1],
  ['base', 0.15],
  ['landing-page', 0.05],
  ['vacancy', 0.08],
];

function pageTypeOf(random: Random): string {
  let x = random();
  for (const [type, share] of pageTypes) {
    if ((x -= share) < 0) return type;
  }
  return 'base';
}

const block = (type: string, key: string, props: Record<string, unknown>): Block =>
  ({ type, key, props, anchorPoint: '', __images: [], __files: [] }) as Block;

/**
 * Page `index` of a site (the same page for the same seed and index, whatever was generated
 * before): 60 % Dutch, 40 % English; a body of 150–600 words in four to nine blocks.
 */
export function generatePage(seed: number, index: number): GeneratedPage {
  const random = prng(Math.imul(seed, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b));
  const locale: BenchLocale = random() < 0.6 ? 'nl-nl' : 'en-gb';
  const lang = languages[locale];
  const topic: Topic = {
    // Some fields are written about more than others, but none on most pages.
    nouns: Array.from({ length: 2 }, () => skewed(random, lang.domainNouns, 0.5)),
    place: uniform(random, lang.places),
  };
  const writer = new Writer(random, lang, locale === 'nl-nl', topic);
  const title = writer.title();
  const bodyWords = 150 + Math.floor(random() * 451);
  const blocks: Block[] = [];
  let words = 0;
  let k = 0;
  const key = () => `b${seed}-${index}-${k++}`;
  while (words < bodyWords) {
    const left = bodyWords - words;
    const pick = random();
    if (blocks.length === 0 || pick < 0.2) {
      const text = writer.heading();
      blocks.push(block('heading', key(), { text, level: 2 }));
      words += countWords(text);
    } else if (pick < 0.7 || left < 40) {
      const html = richText(writer, random, Math.min(left, 40 + Math.floor(random() * 120)));
      blocks.push(block('text', key(), { html }));
      words += countWords(html.replace(/<[^>]+>/g, ' '));
    } else if (pick < 0.78) {
      const text = writer.sentence();
      const person = uniform(random, lang.people);
      blocks.push(block('quote', key(), { text, person, role: uniform(random, lang.roles) }));
      words += countWords(text) + countWords(person) + 2;
    } else if (pick < 0.86) {
      const items = Array.from({ length: 2 + Math.floor(random() * 3) }, () => ({
        question: `${locale === 'nl-nl' ? 'Wat betekent' : 'What does'} ${writer.nounPhrase(true)} ${locale === 'nl-nl' ? 'voor' : 'mean for'} ${writer.noun().pl}?`,
        answer: writer.paragraph(2),
      }));
      blocks.push(block('faq', key(), { title: locale === 'nl-nl' ? 'Veelgestelde vragen' : 'Frequently asked questions', items }));
      words += items.reduce((sum, item) => sum + countWords(item.question) + countWords(item.answer), 0);
    } else if (pick < 0.93) {
      const items = Array.from({ length: 3 }, () => ({ number: writer.number(), unit: random() < 0.3 ? '%' : '', label: writer.nounPhrase() }));
      blocks.push(block('key-figures', key(), { title: writer.heading(), items }));
      words += items.reduce((sum, item) => sum + 1 + countWords(item.label), 0);
    } else {
      const alt = writer.nounPhrase();
      const caption = writer.sentence();
      blocks.push(block('image', key(), { externalUrl: `/media/bench/${index}-${k}.jpg`, alt, caption }));
      words += countWords(alt) + countWords(caption);
    }
  }
  const tagCount = random() < 0.3 ? 0 : 1 + Math.floor(random() * 3);
  const tags = [...new Set(Array.from({ length: tagCount }, () => Math.floor(random() ** 1.5 * lang.tags.length)))];
  const slugWords = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return {
    locale,
    pageType: pageTypeOf(random),
    title,
    slug: `${slugWords}-${index}`,
    description: writer.paragraph(1 + Math.floor(random() * 2)),
    blocks,
    tags,
  };
}
