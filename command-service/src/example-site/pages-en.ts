import { NOT_FOUND_SLUG } from '@pagelog/contracts/slugs';
import { anchorMenu, c, callToAction, faq, heading, image, imageWithText, keyFigures, picture, quote, text, type ExamplePage } from './parts';

/** The English pages of the example site, parents before the pages under them. */
export const englishPages: ExamplePage[] = [
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
      keyFigures('about-figures', 'In figures', [
        ['1998', '', 'founded in Utrecht'],
        ['20', '', 'researchers and advisers'],
        ['450', '', 'studies completed'],
      ]),
      imageWithText(
        'about-image',
        picture('team.svg'),
        'Illustration of four colleagues talking at a table',
        '<p>Our researchers and advisers come from sociology, economics, public administration and data science. They work in teams put together for each assignment, so that every question gets the knowledge it needs.</p>',
      ),
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
      quote('about-quote', 'Good research answers the question that was asked, and says honestly what we do not know yet.', 'Marieke Jansen', 'director'),
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
      faq('contact-faq', 'Frequently asked questions', [
        ['What does a quotation cost?', 'Nothing. After a first conversation we send a proposal with approach, planning and price within a week.'],
        ['How soon can you start?', 'Usually four to six weeks after the assignment. Sometimes sooner for a short exploration.'],
        ['Do you work for small organisations too?', 'Yes. Part of our work is for foundations and small municipalities.\n\nWe fit the size of the study to the question and the budget.'],
      ]),
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
      anchorMenu('privacy-menu'),
      heading('privacy-what', 'Which data, and why', 2, 'data'),
      text(
        'privacy-what-text',
        '<p>When you contact us, we keep your name, e-mail address and message to answer your question. When you take part in a study, we process only the data that study needs, with your consent. Answers are pseudonymised before they are analysed.</p>',
      ),
      heading('privacy-keep', 'How long we keep data', 2, 'retention'),
      text('privacy-keep-text', '<p>We keep contact details for up to two years after our last contact; research data for as long as the assignment and its scientific accountability require, and never longer than ten years.</p>'),
      heading('privacy-rights', 'Your rights', 2, 'rights'),
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
