import { NOT_FOUND_SLUG } from '@pagelog/contracts/slugs';
import { anchorMenu, c, callToAction, faq, heading, image, imageWithText, keyFigures, picture, quote, text, type ExamplePage } from './parts';

/** The Dutch pages of the example site, parents before the pages under them. */
export const dutchPages: ExamplePage[] = [
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
      keyFigures('about-figures', 'In cijfers', [
        ['1998', '', 'opgericht in Utrecht'],
        ['20', '', 'onderzoekers en adviseurs'],
        ['450', '', 'afgeronde onderzoeken'],
      ]),
      imageWithText(
        'about-image',
        picture('team.svg'),
        "Illustratie van vier collega's in overleg aan een tafel",
        '<p>Onze onderzoekers en adviseurs komen uit de sociologie, de economie, de bestuurskunde en de data science. Zij werken in teams die per opdracht worden samengesteld, zodat elke vraag de kennis krijgt die zij nodig heeft.</p>',
      ),
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
      quote('about-quote', 'Een goed onderzoek beantwoordt de vraag die gesteld is, en zegt er eerlijk bij wat we nog niet weten.', 'Marieke Jansen', 'directeur'),
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
      faq('contact-faq', 'Veelgestelde vragen', [
        ['Wat kost een offerte?', 'Niets. Na een eerste gesprek sturen wij binnen een week een voorstel met aanpak, planning en prijs.'],
        ['Hoe snel kunt u beginnen?', 'Meestal binnen vier tot zes weken na de opdracht. Voor een korte verkenning soms eerder.'],
        ['Werkt u ook voor kleine organisaties?', 'Ja. Een deel van ons werk is voor stichtingen en kleine gemeenten.\n\nWij passen de omvang van het onderzoek aan de vraag en het budget aan.'],
      ]),
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
      anchorMenu('privacy-menu'),
      heading('privacy-what', 'Welke gegevens en waarom', 2, 'gegevens'),
      text(
        'privacy-what-text',
        '<p>Neemt u contact met ons op, dan bewaren wij uw naam, e-mailadres en bericht om uw vraag te beantwoorden. Doet u mee aan een onderzoek, dan verwerken wij alleen de gegevens die voor dat onderzoek nodig zijn, op basis van uw toestemming. Antwoorden worden gepseudonimiseerd voordat ze worden geanalyseerd.</p>',
      ),
      heading('privacy-keep', 'Hoe lang wij gegevens bewaren', 2, 'bewaartermijn'),
      text('privacy-keep-text', '<p>Contactgegevens bewaren wij tot twee jaar na het laatste contact; onderzoeksgegevens zo lang als de opdracht en de wetenschappelijke verantwoording vragen, en nooit langer dan tien jaar.</p>'),
      heading('privacy-rights', 'Uw rechten', 2, 'rechten'),
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
