import type { Block } from '@pagelog/contracts/blocks/block';
import type { Locale } from '@pagelog/contracts/locales';
import type { SiteContact } from '@pagelog/contracts/settings/site-settings';
import { NOT_FOUND_SLUG, publicPath } from '@pagelog/contracts/slugs';

/**
 * The example site seeded on a first start: a small research and advisory firm, in Dutch and in
 * English, so that a newcomer sees what Pagelog makes. Its pages link to each other by their
 * public paths, which depend on the default locale, so their blocks are written as functions of
 * a path finder.
 */

/** The pages of the example site, one key per translation group. */
export type ExamplePageKey =
  | 'home'
  | 'about'
  | 'expertise'
  | 'energy'
  | 'care'
  | 'publications'
  | 'heat-network'
  | 'waiting-times'
  | 'evaluations'
  | 'contact'
  | 'privacy'
  | 'not-found';

/** The public path of an example page in a locale. */
export type PathTo = (key: ExamplePageKey) => string;

export interface ExamplePage {
  key: ExamplePageKey;
  locale: Locale;
  slug: string;
  type: 'base' | 'article' | 'landing-page';
  title: string;
  seoTitle?: string;
  seoDescription: string;
  seoKeywords: string[];
  /** An article's author, publication date and summary (contracts: the article page type). */
  typeData?: { author: string; publicationDate: string; summary: string };
  blocks: (to: PathTo) => Block[];
}

/** Where the example site's pictures are: site-web/public/example-site, served with the site's files. */
const picture = (name: string) => `/assets/site/example-site/${name}`;

const heading = (key: string, text: string, level = 2): Block => ({ type: 'heading', key, props: { text, level }, anchorPoint: '' });
const text = (key: string, html: string, anchorPoint = ''): Block => ({ type: 'text', key, props: { html }, anchorPoint });
const image = (key: string, externalUrl: string, alt: string, caption = ''): Block => ({ type: 'image', key, props: { externalUrl, alt, caption }, anchorPoint: '' });
const callToAction = (key: string, title: string, body: string, buttonText: string, url: string): Block => ({
  type: 'callToAction',
  key,
  props: { title, text: body, buttonText, url, style: 'primary' },
  anchorPoint: '',
});

/**
 * The example organisation's contact details as its pages state them: the site settings' seed
 * should give the same (the e-mail domain is a reserved example one).
 */
export const exampleContact: SiteContact = {
  streetAddress: 'Voorbeeldlaan 10',
  postalCode: '3511 AA',
  city: 'Utrecht',
  country: 'Nederland',
  phone: '030 123 45 67',
  email: 'info@onderzoeksbureau.example',
  chamberOfCommerceNumber: '12345678',
};

const c = { ...exampleContact, phoneHref: 'tel:+31301234567' };

const dutch: ExamplePage[] = [
  {
    key: 'home',
    locale: 'nl-nl',
    slug: 'home',
    type: 'landing-page',
    title: 'Welkom',
    seoTitle: 'Onderzoek en advies',
    seoDescription: 'Onafhankelijk onderzoek en advies voor organisaties die zorgvuldig willen beslissen, over energie en klimaat en over zorg en welzijn.',
    seoKeywords: ['onderzoek', 'advies', 'beleidsevaluatie'],
    blocks: (to) => [
      heading('intro-heading', 'Onderzoek en advies dat verder kijkt', 1),
      text(
        'intro-text',
        `<p>Wij doen onafhankelijk onderzoek voor overheden, zorgorganisaties en netbeheerders, en vertalen de uitkomsten naar advies waarmee u verder kunt. Zorgvuldig in de methode, helder in de conclusies.</p><p><a href="${to('expertise')}">Bekijk onze expertise</a> of <a href="${to('about')}">lees hoe wij werken</a>.</p>`,
      ),
      image('intro-image', picture('research.svg'), 'Illustratie van een onderzoeksrapport met staafdiagrammen en een vergrootglas'),
      heading('work-heading', 'Waar wij aan werken'),
      text(
        'work-text',
        `<h3><a href="${to('energy')}">Energie en klimaat</a></h3><p>Hoe krijgt een wijk van het gas af zonder dat bewoners afhaken? Wij onderzoeken wat de energietransitie vraagt van huishoudens, gemeenten en netbeheerders, en wat werkt.</p><h3><a href="${to('care')}">Zorg en welzijn</a></h3><p>Wachttijden, personeelstekorten en nieuwe vormen van samenwerking: wij evalueren beleid en brengen in kaart wat cliënten en professionals er in de praktijk van merken.</p>`,
      ),
      heading('publications-heading', 'Recente publicaties'),
      text(
        'publications-text',
        `<ul><li><a href="${to('heat-network')}">Wat bewoners willen weten over een warmtenet</a> (februari 2026)</li><li><a href="${to('waiting-times')}">Wachttijden in de wijkverpleging: meten wat telt</a> (januari 2026)</li><li><a href="${to('evaluations')}">Evalueren zonder afrekenen</a> (november 2025)</li></ul><p><a href="${to('publications')}">Alle publicaties</a></p>`,
      ),
      callToAction('contact-cta', 'Een vraag voorleggen?', 'Vertel ons waar u voor staat. Binnen twee werkdagen hoort u of en hoe wij kunnen helpen.', 'Neem contact op', to('contact')),
    ],
  },
  {
    key: 'about',
    locale: 'nl-nl',
    slug: 'over-ons',
    type: 'base',
    title: 'Over ons',
    seoDescription: 'Een onafhankelijk onderzoeks- en adviesbureau met twintig onderzoekers en adviseurs. Wie wij zijn en hoe wij werken.',
    seoKeywords: ['over ons', 'team', 'werkwijze'],
    blocks: (to) => [
      heading('about-heading', 'Over ons', 1),
      text(
        'about-text',
        '<p>Wij zijn een onafhankelijk onderzoeks- en adviesbureau met twintig onderzoekers en adviseurs. Sinds 1998 werken wij voor ministeries, provincies, gemeenten, zorgorganisaties en maatschappelijke organisaties.</p><p>Onze opdrachtgevers willen weten wat werkt, voor wie en waarom. Dat vraagt om onderzoek dat methodisch klopt, en om advies dat rekening houdt met de praktijk waarin het moet landen.</p>',
      ),
      image('about-image', picture('team.svg'), "Illustratie van vier collega's in overleg aan een tafel"),
      heading('approach-heading', 'Hoe wij werken'),
      text(
        'approach-text',
        '<ul><li><strong>Onafhankelijk.</strong> Wij kiezen de methode op grond van de vraag, niet van de uitkomst die iemand hoopt. Wat wij concluderen, ligt vast voordat de opdrachtgever het concept leest.</li><li><strong>Open over onzekerheid.</strong> Wij laten zien hoe zeker een uitkomst is en waar de gegevens ophouden.</li><li><strong>Dicht bij de praktijk.</strong> Wij spreken met de mensen om wie het gaat: bewoners, cliënten en professionals.</li></ul>',
      ),
      heading('quality-heading', 'Kwaliteit en integriteit'),
      text(
        'quality-text',
        '<p>Elk rapport wordt gelezen door een collega die niet aan het project heeft meegewerkt. Wij werken volgens de Nederlandse gedragscode wetenschappelijke integriteit en publiceren onze onderzoeken, tenzij vertrouwelijkheid dat onmogelijk maakt. Persoonsgegevens van respondenten bewaren wij niet langer dan het onderzoek nodig heeft.</p>',
      ),
      callToAction('about-cta', 'Kennismaken?', 'Wij komen graag langs om uw vraag te bespreken, vrijblijvend.', 'Neem contact op', to('contact')),
    ],
  },
  {
    key: 'expertise',
    locale: 'nl-nl',
    slug: 'expertise',
    type: 'base',
    title: 'Expertise',
    seoDescription: 'Onderzoek en advies over energie en klimaat en over zorg en welzijn, met kwantitatieve en kwalitatieve methoden.',
    seoKeywords: ['expertise', 'energie', 'zorg', 'methoden'],
    blocks: (to) => [
      heading('expertise-heading', 'Expertise', 1),
      text(
        'expertise-intro',
        '<p>Wij werken in twee domeinen waarin beleid, uitvoering en het dagelijks leven van mensen dicht op elkaar zitten. In beide combineren wij kwantitatief onderzoek, zoals enquêtes, registerdata en modellen, met kwalitatief onderzoek: interviews, focusgroepen en casestudies.</p>',
      ),
      heading('energy-heading', 'Energie en klimaat'),
      text(
        'energy-text',
        `<p>Van wijkaanpak tot netcongestie: wij onderzoeken wat de energietransitie vraagt van huishoudens, bedrijven en overheden, en evalueren regelingen en programma's.</p><p><a href="${to('energy')}">Meer over energie en klimaat</a></p>`,
      ),
      heading('care-heading', 'Zorg en welzijn'),
      text(
        'care-text',
        `<p>Wij evalueren zorgbeleid en samenwerkingsverbanden, en brengen in kaart wat cliënten en professionals ervan merken: van wachttijden in de wijkverpleging tot de inzet van mantelzorgers.</p><p><a href="${to('care')}">Meer over zorg en welzijn</a></p>`,
      ),
      heading('methods-heading', 'Onze methoden'),
      text(
        'methods-text',
        "<ul><li>Beleidsevaluatie en effectmeting</li><li>Enquêteonderzoek en panels</li><li>Analyse van registerdata</li><li>Interviews, focusgroepen en casestudies</li><li>Scenario's en maatschappelijke kosten-batenanalyse</li></ul>",
      ),
    ],
  },
  {
    key: 'energy',
    locale: 'nl-nl',
    slug: 'expertise/energie',
    type: 'base',
    title: 'Energie en klimaat',
    seoDescription: 'Onderzoek naar de energietransitie: draagvlak voor warmtenetten, evaluatie van regelingen en de gevolgen voor huishoudens.',
    seoKeywords: ['energietransitie', 'warmtenet', 'evaluatie'],
    blocks: (to) => [
      heading('energy-title', 'Energie en klimaat', 1),
      text(
        'energy-intro',
        '<p>De energietransitie slaagt alleen als huishoudens, bedrijven en overheden meedoen. Wij onderzoeken wat daarvoor nodig is, en of regelingen en programma’s doen wat ze beloven.</p>',
      ),
      image('energy-image', picture('energy.svg'), 'Illustratie van twee windturbines en twee huizen die op een warmtenet zijn aangesloten'),
      heading('energy-help', 'Waar wij u bij helpen'),
      text(
        'energy-help-text',
        '<ul><li>Onderzoek onder bewoners naar draagvlak en zorgen, per wijk of per gemeente</li><li>Evaluatie van subsidieregelingen en wijkaanpakken</li><li>Analyse van energiearmoede met registerdata</li><li>Advies over participatie en communicatie rond warmtenetten</li></ul>',
      ),
      heading('energy-examples', 'Voorbeelden uit ons werk'),
      text(
        'energy-examples-text',
        `<p>Voor vier gemeenten onderzochten wij wat bewoners willen weten voordat zij over aansluiting op een warmtenet beslissen. Lees de uitkomsten in <a href="${to('heat-network')}">Wat bewoners willen weten over een warmtenet</a>.</p><p>Voor een provincie evalueerden wij een regeling voor isolatie van huurwoningen: wie er gebruik van maakte, wie niet, en waarom.</p>`,
      ),
      callToAction('energy-cta', 'Werkt u aan de energietransitie?', 'Wij denken graag mee over de vraag die u wilt beantwoorden.', 'Neem contact op', to('contact')),
    ],
  },
  {
    key: 'care',
    locale: 'nl-nl',
    slug: 'expertise/zorg',
    type: 'base',
    title: 'Zorg en welzijn',
    seoDescription: 'Evaluatie van zorgbeleid en samenwerking in zorg en welzijn, met oog voor wat cliënten en professionals merken.',
    seoKeywords: ['zorg', 'welzijn', 'wachttijden', 'evaluatie'],
    blocks: (to) => [
      heading('care-title', 'Zorg en welzijn', 1),
      text(
        'care-intro',
        '<p>Zorgorganisaties, gemeenten en zorgverzekeraars staan voor dezelfde opgave: goede zorg blijven bieden met minder mensen. Wij onderzoeken wat nieuwe werkwijzen opleveren en wat ze vragen van cliënten, mantelzorgers en professionals.</p>',
      ),
      image('care-image', picture('care.svg'), 'Illustratie van een zorgverlener en een cliënt naast een checklist'),
      heading('care-help', 'Waar wij u bij helpen'),
      text(
        'care-help-text',
        '<ul><li>Evaluatie van zorgprogramma’s en regionale samenwerking</li><li>Onderzoek naar wachttijden, doorstroom en toegang tot zorg</li><li>Cliënt- en medewerkersonderzoek</li><li>Verkenningen van de arbeidsmarkt in zorg en welzijn</li></ul>',
      ),
      heading('care-examples', 'Voorbeelden uit ons werk'),
      text(
        'care-examples-text',
        `<p>Met zes thuiszorgorganisaties ontwikkelden wij een manier om wachttijden in de wijkverpleging eenduidig te meten. Lees meer in <a href="${to('waiting-times')}">Wachttijden in de wijkverpleging: meten wat telt</a>.</p><p>Voor een regio evalueerden wij de samenwerking tussen huisartsen, wijkteams en ggz, en de gevolgen voor verwijzingen.</p>`,
      ),
      callToAction('care-cta', 'Een evaluatie in de zorg?', 'Vertel ons wat u wilt weten; wij stellen een aanpak voor die past bij uw vraag en uw budget.', 'Neem contact op', to('contact')),
    ],
  },
  {
    key: 'publications',
    locale: 'nl-nl',
    slug: 'publicaties',
    type: 'base',
    title: 'Publicaties',
    seoDescription: 'Artikelen en onderzoeksverslagen over energie en klimaat, zorg en welzijn, en beleidsevaluatie.',
    seoKeywords: ['publicaties', 'artikelen', 'onderzoek'],
    blocks: (to) => [
      heading('publications-title', 'Publicaties', 1),
      text('publications-intro', '<p>Wat wij leren in ons onderzoek, delen wij. Hier vindt u onze artikelen, de nieuwste eerst.</p>'),
      text(
        'publications-list',
        `<h2><a href="${to('heat-network')}">Wat bewoners willen weten over een warmtenet</a></h2><p>Februari 2026. Niet de techniek, maar de prijs en de zekerheid op lange termijn geven de doorslag.</p><h2><a href="${to('waiting-times')}">Wachttijden in de wijkverpleging: meten wat telt</a></h2><p>Januari 2026. Wie alleen de wachttijd tot de intake meet, ziet de helft van het wachten.</p><h2><a href="${to('evaluations')}">Evalueren zonder afrekenen</a></h2><p>November 2025. Hoe organisaties van een evaluatie leren, in plaats van zich ertegen te verdedigen.</p>`,
      ),
    ],
  },
  {
    key: 'heat-network',
    locale: 'nl-nl',
    slug: 'publicaties/warmtenet-bewoners',
    type: 'article',
    title: 'Wat bewoners willen weten over een warmtenet',
    seoDescription: 'In vier gemeenten vroegen wij bewoners wat zij nodig hebben om over aansluiting op een warmtenet te beslissen.',
    seoKeywords: ['warmtenet', 'bewoners', 'energietransitie'],
    typeData: {
      author: 'Marieke Jansen',
      publicationDate: '2026-02-10',
      summary: 'In vier gemeenten vroegen wij bewoners wat zij nodig hebben om over aansluiting op een warmtenet te beslissen. Niet de techniek, maar de prijs en de zekerheid op lange termijn gaven de doorslag.',
    },
    blocks: (to) => [
      text(
        'heat-intro',
        '<p>Gemeenten die een wijk op een warmtenet willen aansluiten, hebben de bewoners nodig. Maar wat willen die bewoners eigenlijk weten voordat zij ja zeggen? Wij vroegen het ruim 1.800 huishoudens in vier gemeenten, en spraken daarna uitgebreider met zestig van hen.</p>',
      ),
      heading('heat-method', 'Wat wij deden'),
      text(
        'heat-method-text',
        '<p>Bewoners vulden een vragenlijst in over hun woning, hun energierekening en hun vragen over het warmtenet. Daarna voerden wij gesprekken aan de keukentafel en in vier bewonersavonden. Wij vroegen steeds eerst naar hun eigen vragen, en pas daarna naar de onderwerpen die de gemeente belangrijk vond.</p>',
      ),
      heading('heat-findings', 'Prijs en zekerheid wegen het zwaarst'),
      text(
        'heat-findings-text',
        '<p>De meeste vragen gingen niet over de techniek, maar over geld en zekerheid:</p><ul><li>Wat ga ik maandelijks betalen, en hoe verhoudt dat zich tot wat ik nu betaal?</li><li>Wie bepaalt de prijs over tien of twintig jaar?</li><li>Kan ik later nog kiezen voor iets anders?</li></ul><p>Bewoners die op deze vragen een concreet antwoord kregen, stonden veel vaker open voor aansluiting dan bewoners die alleen algemene informatie ontvingen.</p>',
      ),
      heading('heat-advice', 'Wat gemeenten ermee kunnen'),
      text(
        'heat-advice-text',
        `<ul><li>Begin met een rekenvoorbeeld per woningtype, niet met de techniek.</li><li>Wees open over wat nog niet vaststaat, en wanneer het wel vaststaat.</li><li>Geef bewoners één vast aanspreekpunt dat ook na de bewonersavond bereikbaar is.</li></ul><p>Meer over ons werk in <a href="${to('energy')}">energie en klimaat</a>.</p>`,
      ),
    ],
  },
  {
    key: 'waiting-times',
    locale: 'nl-nl',
    slug: 'publicaties/wachttijden-wijkverpleging',
    type: 'article',
    title: 'Wachttijden in de wijkverpleging: meten wat telt',
    seoDescription: 'Wie alleen de wachttijd tot de intake meet, ziet de helft van het wachten. Een eenduidige meting in zes thuiszorgorganisaties.',
    seoKeywords: ['wijkverpleging', 'wachttijden', 'zorg'],
    typeData: {
      author: 'Daan Bakker',
      publicationDate: '2026-01-20',
      summary: 'Wie alleen de wachttijd tot de intake meet, ziet de helft van het wachten. Met zes thuiszorgorganisaties ontwikkelden wij een meting die beide delen laat zien.',
    },
    blocks: (to) => [
      text(
        'waiting-intro',
        '<p>Hoe lang wacht iemand op wijkverpleging? Het antwoord hangt af van wat u meet. De meeste organisaties tellen de dagen van aanmelding tot intake. Maar na de intake begint vaak een tweede wachttijd: tot er een verpleegkundige beschikbaar is om de zorg te starten.</p>',
      ),
      heading('waiting-two', 'Twee wachttijden, niet één'),
      text(
        'waiting-two-text',
        '<p>Samen met zes thuiszorgorganisaties legden wij vast wanneer het wachten begint en wanneer het eindigt. Zo werden de cijfers van de organisaties vergelijkbaar, en werd zichtbaar waar het wachten ontstaat.</p>',
      ),
      image(
        'waiting-chart',
        picture('waiting-times.svg'),
        'Staafdiagram van de gemiddelde wachttijd in weken per jaar, van 2022 tot en met 2025. De wachttijd van aanmelding tot intake stijgt van 4 naar 6,5 weken; die van intake tot start van de zorg van 3 naar 4,5 weken.',
        'Gemiddelde wachttijd in weken. Grijs: van aanmelding tot intake. Groen: van intake tot start van de zorg. Illustratieve cijfers.',
      ),
      heading('waiting-advice', 'Wat wij aanbevelen'),
      text(
        'waiting-advice-text',
        `<ul><li>Meet beide wachttijden, met dezelfde begin- en einddatum in elke organisatie.</li><li>Bespreek de cijfers per wijk: het wachten verschilt sterk tussen wijken met en zonder vaste teams.</li><li>Vraag cliënten en mantelzorgers hoe zij het wachten ervaren; de kortste wachttijd is niet altijd de beste.</li></ul><p>Meer over ons werk in <a href="${to('care')}">zorg en welzijn</a>.</p>`,
      ),
    ],
  },
  {
    key: 'evaluations',
    locale: 'nl-nl',
    slug: 'publicaties/leren-van-evaluaties',
    type: 'article',
    title: 'Evalueren zonder afrekenen',
    seoDescription: 'Hoe organisaties van een beleidsevaluatie leren, in plaats van zich ertegen te verdedigen.',
    seoKeywords: ['evaluatie', 'beleid', 'leren'],
    typeData: {
      author: 'Sanne de Wit',
      publicationDate: '2025-11-18',
      summary: 'Een evaluatie wordt vaak gelezen als een rapportcijfer. Zo leert niemand iets. Vier lessen uit vijfentwintig jaar evaluatieonderzoek.',
    },
    blocks: (to) => [
      text(
        'evaluation-intro',
        '<p>Een evaluatie is bedoeld om van te leren. In de praktijk wordt ze vaak gelezen als een oordeel: geslaagd of mislukt. Wie zich moet verdedigen, leert weinig. Wat helpt een organisatie wel om een evaluatie te gebruiken?</p>',
      ),
      heading('evaluation-lessons', 'Vier lessen'),
      text(
        'evaluation-lessons-text',
        '<ol><li><strong>Stel de vraag samen.</strong> Een evaluatievraag die uitvoerders zelf hebben helpen formuleren, leidt tot antwoorden die zij herkennen.</li><li><strong>Kijk naar het hoe, niet alleen naar het of.</strong> Dat een maatregel weinig effect had, zegt pas iets als duidelijk is waarom.</li><li><strong>Deel tussentijdse uitkomsten.</strong> Wie halverwege al hoort wat er opvalt, kan bijsturen voordat het eindrapport er ligt.</li><li><strong>Maak onzekerheid zichtbaar.</strong> Een eerlijk beeld van wat wel en niet vaststaat, maakt een evaluatie geloofwaardiger, niet zwakker.</li></ol>',
      ),
      heading('evaluation-practice', 'In de praktijk'),
      text(
        'evaluation-practice-text',
        `<p>Deze lessen komen terug in al ons evaluatieonderzoek, of het nu gaat om <a href="${to('energy')}">energie en klimaat</a> of <a href="${to('care')}">zorg en welzijn</a>. Benieuwd hoe dat eruitziet voor uw programma? <a href="${to('contact')}">Neem contact met ons op</a>.</p>`,
      ),
    ],
  },
  {
    key: 'contact',
    locale: 'nl-nl',
    slug: 'contact',
    type: 'base',
    title: 'Contact',
    seoDescription: 'Bel of mail ons met uw vraag over onderzoek of advies. Wij reageren binnen twee werkdagen.',
    seoKeywords: ['contact', 'adres', 'telefoon'],
    blocks: () => [
      heading('contact-title', 'Contact', 1),
      text(
        'contact-intro',
        '<p>Heeft u een vraag over een onderzoek, wilt u een offerte of wilt u eerst kennismaken? Bel of mail ons: wij reageren binnen twee werkdagen.</p>',
      ),
      heading('contact-reach', 'Telefoon en e-mail'),
      text(
        'contact-reach-text',
        `<p>Telefoon: <a href="${c.phoneHref}">${c.phone}</a> (op werkdagen van 9.00 tot 17.00 uur)<br>E-mail: <a href="mailto:${c.email}">${c.email}</a></p>`,
        'bereikbaarheid',
      ),
      heading('contact-visit', 'Bezoekadres'),
      text(
        'contact-visit-text',
        `<p>${c.streetAddress}<br>${c.postalCode} ${c.city}</p><p>Ons kantoor ligt op tien minuten lopen van station Utrecht Centraal. Komt u met de auto, laat het ons weten: dan reserveren wij een parkeerplaats.</p>`,
      ),
      heading('contact-press', 'Voor de pers'),
      text('contact-press-text', '<p>Journalisten kunnen ons onder hetzelfde nummer bereiken; vraag naar de woordvoerder van het onderzoek.</p>'),
    ],
  },
  {
    key: 'privacy',
    locale: 'nl-nl',
    slug: 'privacy',
    type: 'base',
    title: 'Privacyverklaring',
    seoDescription: 'Welke persoonsgegevens wij verwerken, waarom, hoe lang wij ze bewaren en welke rechten u heeft.',
    seoKeywords: ['privacy', 'AVG', 'persoonsgegevens'],
    blocks: (to) => [
      heading('privacy-title', 'Privacyverklaring', 1),
      text(
        'privacy-intro',
        '<p>Wij gaan zorgvuldig om met persoonsgegevens, van de mensen die aan ons onderzoek meedoen en van iedereen die contact met ons opneemt. In deze verklaring leest u welke gegevens wij verwerken, waarom, en welke rechten u heeft onder de Algemene verordening gegevensbescherming (AVG).</p>',
      ),
      heading('privacy-what', 'Welke gegevens en waarom'),
      text(
        'privacy-what-text',
        '<p>Neemt u contact met ons op, dan bewaren wij uw naam, e-mailadres en bericht om uw vraag te beantwoorden. Doet u mee aan een onderzoek, dan verwerken wij alleen de gegevens die voor dat onderzoek nodig zijn, op basis van uw toestemming. Antwoorden worden gepseudonimiseerd voordat ze worden geanalyseerd.</p>',
      ),
      heading('privacy-keep', 'Hoe lang wij gegevens bewaren'),
      text('privacy-keep-text', '<p>Contactgegevens bewaren wij tot twee jaar na het laatste contact; onderzoeksgegevens zo lang als de opdracht en de wetenschappelijke verantwoording vragen, en nooit langer dan tien jaar.</p>'),
      heading('privacy-rights', 'Uw rechten'),
      text(
        'privacy-rights-text',
        `<p>U kunt uw gegevens inzien, laten verbeteren of laten verwijderen, en uw toestemming intrekken. Mail ons via <a href="mailto:${c.email}">${c.email}</a> of kijk op de <a href="${to('contact')}">contactpagina</a>. Bent u het niet eens met hoe wij met uw gegevens omgaan, dan kunt u een klacht indienen bij de Autoriteit Persoonsgegevens.</p>`,
      ),
    ],
  },
  {
    key: 'not-found',
    locale: 'nl-nl',
    slug: NOT_FOUND_SLUG,
    type: 'base',
    title: 'Pagina niet gevonden',
    seoDescription: 'Deze pagina bestaat niet (meer).',
    seoKeywords: [],
    blocks: (to) => [
      heading('nf-heading', 'Pagina niet gevonden', 1),
      text(
        'nf-text',
        `<p>Deze pagina bestaat niet (meer). Misschien is ze verplaatst, of bevat het adres een typefout.</p><p>U kunt verder via:</p><ul><li><a href="${to('home')}">de startpagina</a></li><li><a href="${to('expertise')}">onze expertise</a></li><li><a href="${to('publications')}">onze publicaties</a></li><li><a href="${to('contact')}">contact</a></li></ul><p>Of zoek op trefwoord met het zoekveld bovenaan de pagina.</p>`,
      ),
    ],
  },
];

const english: ExamplePage[] = [
  {
    key: 'home',
    locale: 'en-gb',
    slug: 'home',
    type: 'landing-page',
    title: 'Welcome',
    seoTitle: 'Research and advice',
    seoDescription: 'Independent research and advice for organisations that decide with care, on energy and climate and on health and social care.',
    seoKeywords: ['research', 'advice', 'policy evaluation'],
    blocks: (to) => [
      heading('intro-heading', 'Research and advice that looks further', 1),
      text(
        'intro-text',
        `<p>We carry out independent research for governments, care providers and grid operators, and turn the results into advice you can act on. Careful in method, clear in conclusions.</p><p><a href="${to('expertise')}">See our expertise</a> or <a href="${to('about')}">read how we work</a>.</p>`,
      ),
      image('intro-image', picture('research.svg'), 'Illustration of a research report with bar charts and a magnifying glass'),
      heading('work-heading', 'What we work on'),
      text(
        'work-text',
        `<h3><a href="${to('energy')}">Energy and climate</a></h3><p>How does a neighbourhood move off gas without losing its residents along the way? We study what the energy transition asks of households, municipalities and grid operators, and what works.</p><h3><a href="${to('care')}">Health and social care</a></h3><p>Waiting times, staff shortages and new ways of working together: we evaluate policy and show what clients and professionals notice of it in practice.</p>`,
      ),
      heading('publications-heading', 'Recent publications'),
      text(
        'publications-text',
        `<ul><li><a href="${to('heat-network')}">What residents want to know about a heat network</a> (February 2026)</li><li><a href="${to('waiting-times')}">Waiting times in district nursing: measuring what matters</a> (January 2026)</li><li><a href="${to('evaluations')}">Evaluating without blaming</a> (November 2025)</li></ul><p><a href="${to('publications')}">All publications</a></p>`,
      ),
      callToAction('contact-cta', 'Have a question for us?', 'Tell us what you are facing. Within two working days you will hear whether and how we can help.', 'Contact us', to('contact')),
    ],
  },
  {
    key: 'about',
    locale: 'en-gb',
    slug: 'about-us',
    type: 'base',
    title: 'About us',
    seoDescription: 'An independent research and advisory firm of twenty researchers and advisers. Who we are and how we work.',
    seoKeywords: ['about us', 'team', 'approach'],
    blocks: (to) => [
      heading('about-heading', 'About us', 1),
      text(
        'about-text',
        '<p>We are an independent research and advisory firm of twenty researchers and advisers. Since 1998 we have worked for ministries, provinces, municipalities, care providers and civil society organisations.</p><p>Our clients want to know what works, for whom and why. That takes research that is methodologically sound, and advice that takes account of the practice it has to work in.</p>',
      ),
      image('about-image', picture('team.svg'), 'Illustration of four colleagues talking at a table'),
      heading('approach-heading', 'How we work'),
      text(
        'approach-text',
        '<ul><li><strong>Independent.</strong> We choose the method for the question, not for the outcome someone hopes for. Our conclusions are settled before the client reads the draft.</li><li><strong>Open about uncertainty.</strong> We show how certain a finding is and where the data run out.</li><li><strong>Close to practice.</strong> We talk to the people it is about: residents, clients and professionals.</li></ul>',
      ),
      heading('quality-heading', 'Quality and integrity'),
      text(
        'quality-text',
        '<p>Every report is read by a colleague who did not work on the project. We follow the Netherlands Code of Conduct for Research Integrity and publish our studies unless confidentiality makes that impossible. We keep respondents’ personal data no longer than the research needs it.</p>',
      ),
      callToAction('about-cta', 'Shall we meet?', 'We are happy to visit and discuss your question, without obligation.', 'Contact us', to('contact')),
    ],
  },
  {
    key: 'expertise',
    locale: 'en-gb',
    slug: 'expertise',
    type: 'base',
    title: 'Expertise',
    seoDescription: 'Research and advice on energy and climate and on health and social care, with quantitative and qualitative methods.',
    seoKeywords: ['expertise', 'energy', 'care', 'methods'],
    blocks: (to) => [
      heading('expertise-heading', 'Expertise', 1),
      text(
        'expertise-intro',
        '<p>We work in two fields where policy, delivery and people’s daily lives meet. In both we combine quantitative research, such as surveys, register data and models, with qualitative research: interviews, focus groups and case studies.</p>',
      ),
      heading('energy-heading', 'Energy and climate'),
      text(
        'energy-text',
        `<p>From neighbourhood heating plans to grid congestion: we study what the energy transition asks of households, businesses and governments, and evaluate schemes and programmes.</p><p><a href="${to('energy')}">More about energy and climate</a></p>`,
      ),
      heading('care-heading', 'Health and social care'),
      text(
        'care-text',
        `<p>We evaluate care policy and partnerships, and show what clients and professionals notice of them: from waiting times in district nursing to the role of informal carers.</p><p><a href="${to('care')}">More about health and social care</a></p>`,
      ),
      heading('methods-heading', 'Our methods'),
      text(
        'methods-text',
        '<ul><li>Policy evaluation and impact assessment</li><li>Surveys and panels</li><li>Analysis of register data</li><li>Interviews, focus groups and case studies</li><li>Scenarios and social cost-benefit analysis</li></ul>',
      ),
    ],
  },
  {
    key: 'energy',
    locale: 'en-gb',
    slug: 'expertise/energy',
    type: 'base',
    title: 'Energy and climate',
    seoDescription: 'Research on the energy transition: support for heat networks, evaluation of schemes and the effects on households.',
    seoKeywords: ['energy transition', 'heat network', 'evaluation'],
    blocks: (to) => [
      heading('energy-title', 'Energy and climate', 1),
      text(
        'energy-intro',
        '<p>The energy transition only succeeds if households, businesses and governments take part. We study what that takes, and whether schemes and programmes do what they promise.</p>',
      ),
      image('energy-image', picture('energy.svg'), 'Illustration of two wind turbines and two houses connected to a heat network'),
      heading('energy-help', 'How we can help'),
      text(
        'energy-help-text',
        '<ul><li>Resident surveys on support and concerns, by neighbourhood or municipality</li><li>Evaluation of subsidy schemes and neighbourhood programmes</li><li>Analysis of energy poverty with register data</li><li>Advice on participation and communication around heat networks</li></ul>',
      ),
      heading('energy-examples', 'Examples of our work'),
      text(
        'energy-examples-text',
        `<p>For four municipalities we studied what residents want to know before they decide on connecting to a heat network. Read the findings in <a href="${to('heat-network')}">What residents want to know about a heat network</a>.</p><p>For a province we evaluated a scheme for insulating rented homes: who used it, who did not, and why.</p>`,
      ),
      callToAction('energy-cta', 'Working on the energy transition?', 'We are glad to think along about the question you want answered.', 'Contact us', to('contact')),
    ],
  },
  {
    key: 'care',
    locale: 'en-gb',
    slug: 'expertise/care',
    type: 'base',
    title: 'Health and social care',
    seoDescription: 'Evaluation of care policy and partnerships in health and social care, with an eye for what clients and professionals notice.',
    seoKeywords: ['care', 'waiting times', 'evaluation'],
    blocks: (to) => [
      heading('care-title', 'Health and social care', 1),
      text(
        'care-intro',
        '<p>Care providers, municipalities and health insurers face the same task: to keep providing good care with fewer people. We study what new ways of working achieve, and what they ask of clients, informal carers and professionals.</p>',
      ),
      image('care-image', picture('care.svg'), 'Illustration of a care worker and a client next to a checklist'),
      heading('care-help', 'How we can help'),
      text(
        'care-help-text',
        '<ul><li>Evaluation of care programmes and regional partnerships</li><li>Research on waiting times, patient flow and access to care</li><li>Client and staff surveys</li><li>Labour market studies in health and social care</li></ul>',
      ),
      heading('care-examples', 'Examples of our work'),
      text(
        'care-examples-text',
        `<p>With six home care providers we developed a consistent way of measuring waiting times in district nursing. Read more in <a href="${to('waiting-times')}">Waiting times in district nursing: measuring what matters</a>.</p><p>For one region we evaluated how GPs, community teams and mental health services work together, and what that meant for referrals.</p>`,
      ),
      callToAction('care-cta', 'Planning an evaluation in care?', 'Tell us what you want to know; we will propose an approach that fits your question and your budget.', 'Contact us', to('contact')),
    ],
  },
  {
    key: 'publications',
    locale: 'en-gb',
    slug: 'publications',
    type: 'base',
    title: 'Publications',
    seoDescription: 'Articles and research reports on energy and climate, health and social care, and policy evaluation.',
    seoKeywords: ['publications', 'articles', 'research'],
    blocks: (to) => [
      heading('publications-title', 'Publications', 1),
      text('publications-intro', '<p>What we learn in our research, we share. Here are our articles, the newest first.</p>'),
      text(
        'publications-list',
        `<h2><a href="${to('heat-network')}">What residents want to know about a heat network</a></h2><p>February 2026. Not the technology but the price and long-term certainty decide.</p><h2><a href="${to('waiting-times')}">Waiting times in district nursing: measuring what matters</a></h2><p>January 2026. Measuring only the wait until the intake shows half of the waiting.</p><h2><a href="${to('evaluations')}">Evaluating without blaming</a></h2><p>November 2025. How organisations learn from an evaluation instead of defending themselves against it.</p>`,
      ),
    ],
  },
  {
    key: 'heat-network',
    locale: 'en-gb',
    slug: 'publications/heat-network-residents',
    type: 'article',
    title: 'What residents want to know about a heat network',
    seoDescription: 'In four municipalities we asked residents what they need to decide on connecting to a heat network.',
    seoKeywords: ['heat network', 'residents', 'energy transition'],
    typeData: {
      author: 'Marieke Jansen',
      publicationDate: '2026-02-10',
      summary: 'In four municipalities we asked residents what they need to decide on connecting to a heat network. Not the technology but the price and long-term certainty decided.',
    },
    blocks: (to) => [
      text(
        'heat-intro',
        '<p>Municipalities that want to connect a neighbourhood to a heat network need its residents. But what do those residents actually want to know before they say yes? We asked more than 1,800 households in four municipalities, and then talked at length with sixty of them.</p>',
      ),
      heading('heat-method', 'What we did'),
      text(
        'heat-method-text',
        '<p>Residents completed a questionnaire about their home, their energy bill and their questions about the heat network. We then held conversations at kitchen tables and at four residents’ evenings. Each time we asked about their own questions first, and only then about the topics the municipality considered important.</p>',
      ),
      heading('heat-findings', 'Price and certainty weigh most'),
      text(
        'heat-findings-text',
        '<p>Most questions were not about the technology but about money and certainty:</p><ul><li>What will I pay each month, and how does that compare with what I pay now?</li><li>Who sets the price in ten or twenty years?</li><li>Can I still choose something else later?</li></ul><p>Residents who got a concrete answer to these questions were far more often open to connecting than residents who received only general information.</p>',
      ),
      heading('heat-advice', 'What municipalities can do with this'),
      text(
        'heat-advice-text',
        `<ul><li>Start with a worked example per type of home, not with the technology.</li><li>Be open about what has not been decided yet, and when it will be.</li><li>Give residents one contact person who can still be reached after the residents’ evening.</li></ul><p>More about our work in <a href="${to('energy')}">energy and climate</a>.</p>`,
      ),
    ],
  },
  {
    key: 'waiting-times',
    locale: 'en-gb',
    slug: 'publications/waiting-times-district-nursing',
    type: 'article',
    title: 'Waiting times in district nursing: measuring what matters',
    seoDescription: 'Measuring only the wait until the intake shows half of the waiting. A consistent measure in six home care providers.',
    seoKeywords: ['district nursing', 'waiting times', 'care'],
    typeData: {
      author: 'Daan Bakker',
      publicationDate: '2026-01-20',
      summary: 'Measuring only the wait until the intake shows half of the waiting. With six home care providers we developed a measure that shows both parts.',
    },
    blocks: (to) => [
      text(
        'waiting-intro',
        '<p>How long does someone wait for district nursing? The answer depends on what you measure. Most providers count the days from referral to intake. But after the intake a second wait often begins: until a nurse is available to start the care.</p>',
      ),
      heading('waiting-two', 'Two waits, not one'),
      text(
        'waiting-two-text',
        '<p>Together with six home care providers we defined when the waiting starts and when it ends. That made the providers’ figures comparable, and showed where the waiting arises.</p>',
      ),
      image(
        'waiting-chart',
        picture('waiting-times.svg'),
        'Bar chart of the average waiting time in weeks per year, from 2022 to 2025. The wait from referral to intake rises from 4 to 6.5 weeks; the wait from intake to the start of care from 3 to 4.5 weeks.',
        'Average waiting time in weeks. Grey: from referral to intake. Green: from intake to the start of care. Illustrative figures.',
      ),
      heading('waiting-advice', 'What we recommend'),
      text(
        'waiting-advice-text',
        `<ul><li>Measure both waits, with the same start and end date in every provider.</li><li>Discuss the figures by neighbourhood: waiting differs a great deal between neighbourhoods with and without fixed teams.</li><li>Ask clients and informal carers how they experience the wait; the shortest wait is not always the best.</li></ul><p>More about our work in <a href="${to('care')}">health and social care</a>.</p>`,
      ),
    ],
  },
  {
    key: 'evaluations',
    locale: 'en-gb',
    slug: 'publications/learning-from-evaluations',
    type: 'article',
    title: 'Evaluating without blaming',
    seoDescription: 'How organisations learn from a policy evaluation instead of defending themselves against it.',
    seoKeywords: ['evaluation', 'policy', 'learning'],
    typeData: {
      author: 'Sanne de Wit',
      publicationDate: '2025-11-18',
      summary: 'An evaluation is often read as a report card. That way nobody learns anything. Four lessons from twenty-five years of evaluation research.',
    },
    blocks: (to) => [
      text(
        'evaluation-intro',
        '<p>An evaluation is meant to learn from. In practice it is often read as a verdict: success or failure. Those who have to defend themselves learn little. So what does help an organisation to use an evaluation?</p>',
      ),
      heading('evaluation-lessons', 'Four lessons'),
      text(
        'evaluation-lessons-text',
        '<ol><li><strong>Frame the question together.</strong> An evaluation question that the people doing the work helped to write leads to answers they recognise.</li><li><strong>Look at the how, not only the whether.</strong> That a measure had little effect only means something once it is clear why.</li><li><strong>Share findings along the way.</strong> Those who hear halfway through what stands out can adjust before the final report is out.</li><li><strong>Make uncertainty visible.</strong> An honest account of what is and is not established makes an evaluation more credible, not weaker.</li></ol>',
      ),
      heading('evaluation-practice', 'In practice'),
      text(
        'evaluation-practice-text',
        `<p>These lessons come back in all our evaluation research, whether in <a href="${to('energy')}">energy and climate</a> or <a href="${to('care')}">health and social care</a>. Curious what that looks like for your programme? <a href="${to('contact')}">Get in touch</a>.</p>`,
      ),
    ],
  },
  {
    key: 'contact',
    locale: 'en-gb',
    slug: 'contact',
    type: 'base',
    title: 'Contact',
    seoDescription: 'Call or email us with your question about research or advice. We reply within two working days.',
    seoKeywords: ['contact', 'address', 'phone'],
    blocks: () => [
      heading('contact-title', 'Contact', 1),
      text(
        'contact-intro',
        '<p>Do you have a question about a study, would you like a quote, or would you first like to meet? Call or email us: we reply within two working days.</p>',
      ),
      heading('contact-reach', 'Phone and email'),
      text(
        'contact-reach-text',
        `<p>Phone: <a href="${c.phoneHref}">+31 30 123 45 67</a> (working days, 9 am to 5 pm, Dutch time)<br>Email: <a href="mailto:${c.email}">${c.email}</a></p>`,
        'reach-us',
      ),
      heading('contact-visit', 'Visiting address'),
      text(
        'contact-visit-text',
        `<p>${c.streetAddress}<br>${c.postalCode} ${c.city}<br>The Netherlands</p><p>Our office is a ten-minute walk from Utrecht Centraal station. If you come by car, let us know and we will reserve a parking space.</p>`,
      ),
      heading('contact-press', 'For the press'),
      text('contact-press-text', '<p>Journalists can reach us on the same number; ask for the spokesperson for the study.</p>'),
    ],
  },
  {
    key: 'privacy',
    locale: 'en-gb',
    slug: 'privacy',
    type: 'base',
    title: 'Privacy statement',
    seoDescription: 'Which personal data we process, why, how long we keep it and what your rights are.',
    seoKeywords: ['privacy', 'GDPR', 'personal data'],
    blocks: (to) => [
      heading('privacy-title', 'Privacy statement', 1),
      text(
        'privacy-intro',
        '<p>We handle personal data with care: that of the people who take part in our research and of everyone who contacts us. This statement explains which data we process, why, and what your rights are under the General Data Protection Regulation (GDPR).</p>',
      ),
      heading('privacy-what', 'Which data, and why'),
      text(
        'privacy-what-text',
        '<p>When you contact us, we keep your name, e-mail address and message to answer your question. When you take part in a study, we process only the data that study needs, with your consent. Answers are pseudonymised before they are analysed.</p>',
      ),
      heading('privacy-keep', 'How long we keep data'),
      text('privacy-keep-text', '<p>We keep contact details for up to two years after our last contact; research data for as long as the assignment and its scientific accountability require, and never longer than ten years.</p>'),
      heading('privacy-rights', 'Your rights'),
      text(
        'privacy-rights-text',
        `<p>You may see, correct or delete your data, and withdraw your consent. E-mail us at <a href="mailto:${c.email}">${c.email}</a> or see the <a href="${to('contact')}">contact page</a>. If you disagree with how we handle your data, you may complain to the Dutch Data Protection Authority (Autoriteit Persoonsgegevens).</p>`,
      ),
    ],
  },
  {
    key: 'not-found',
    locale: 'en-gb',
    slug: NOT_FOUND_SLUG,
    type: 'base',
    title: 'Page not found',
    seoDescription: 'This page does not exist (any more).',
    seoKeywords: [],
    blocks: (to) => [
      heading('nf-heading', 'Page not found', 1),
      text(
        'nf-text',
        `<p>This page does not exist (any more). It may have moved, or the address may contain a typing error.</p><p>You can continue with:</p><ul><li><a href="${to('home')}">the home page</a></li><li><a href="${to('expertise')}">our expertise</a></li><li><a href="${to('publications')}">our publications</a></li><li><a href="${to('contact')}">contact</a></li></ul><p>Or search by keyword with the search field at the top of the page.</p>`,
      ),
    ],
  },
];

/** The example site: every page in Dutch and in English, parents before the pages under them. */
export const examplePages: readonly ExamplePage[] = [...dutch, ...english];

/** The public paths of the example pages of a locale, by key (the seed's links resolve through it). */
export function examplePathsFor(locale: Locale, defaultLocale: Locale): PathTo {
  return (key) => {
    const page = examplePages.find((candidate) => candidate.key === key && candidate.locale === locale);
    if (page === undefined) throw new Error(`The example site has no page ${key} in ${locale}`);
    return publicPath(page.locale, page.slug, defaultLocale);
  };
}

/** An address of the example site a visitor can open, and what it should answer. */
export interface ExampleAddress {
  key: ExamplePageKey;
  locale: Locale;
  path: string;
  status: 200 | 404;
}

/**
 * Every page of the example site as a visitor reaches it, for the tests that visit them all: the
 * public path of each page, and for each 404 page an address that has no page (the 404 page's
 * own path is not one a visitor is sent to).
 */
export function exampleAddresses(availableLocales: readonly Locale[], defaultLocale: Locale): ExampleAddress[] {
  return examplePages
    .filter((page) => availableLocales.includes(page.locale))
    .map((page) =>
      page.slug === NOT_FOUND_SLUG
        ? { key: page.key, locale: page.locale, path: publicPath(page.locale, page.locale.startsWith('nl') ? 'deze-pagina-bestaat-niet' : 'this-page-does-not-exist', defaultLocale), status: 404 }
        : { key: page.key, locale: page.locale, path: publicPath(page.locale, page.slug, defaultLocale), status: 200 },
    );
}
