/**
 * The AI search question set (issue 14, "Quality and speed"): questions over the demo catalogue
 * (apps/server/src/db/demo/catalogue.json) as readers ask them — paraphrases and details from the
 * narration, not the titles' words — each with the articles (by slug) a correct answer cites,
 * and questions about things the catalogue does not hold, which must get "not found".
 * quality.test.ts runs them through POST /v1/ai/ask with the built-in answerer.
 */

export interface AnswerableQuestion {
  question: string;
  /** Slugs of the articles a correct answer may cite first. */
  articles: string[];
}

export const ANSWERABLE_QUESTIONS: AnswerableQuestion[] = [
  { question: 'What time do the last boats leave Circular Quay at the weekend?', articles: ['sydney-ferries-add-late-night-services'] },
  { question: 'Who asked for a safer and quicker way home late at night in Sydney?', articles: ['sydney-ferries-add-late-night-services'] },
  { question: 'Which artwork projects slow ocean currents onto old warehouses?', articles: ['melbourne-laneway-light-festival-returns'] },
  { question: 'How many shows were staged across four hundred venues, from pubs to parks?', articles: ['adelaide-fringe-strong-ticket-sales'] },
  { question: 'What did divers say the water looked like when the corals released their eggs?', articles: ['cairns-reef-coral-spawning-strong'] },
  { question: 'Where can children try on cold-weather gear at a family science fair?', articles: ['christchurch-antarctic-festival'] },
  { question: 'How long was river traffic paused while the steel gates rose?', articles: ['thames-barrier-annual-closure-test'] },
  { question: 'What protects London from surges coming up from the North Sea?', articles: ['thames-barrier-annual-closure-test'] },
  { question: 'How far did residents have to walk to the nearest stop before?', articles: ['manchester-tram-new-stop-opens'] },
  { question: 'Where will a floating stage host bands from the south west?', articles: ['bristol-harbour-festival-returns'] },
  { question: 'How many jobs will the turbine blade factory create?', articles: ['tyne-port-offshore-wind-factory'] },
  { question: 'Which blades will be longer than a football pitch?', articles: ['tyne-port-offshore-wind-factory'] },
  { question: 'Are walkers and skiers choosing rail over short flights to Scotland?', articles: ['overnight-sleeper-highlands-winter'] },
  { question: 'Why did investors think interest rates could fall next year?', articles: ['stocks-close-higher-tech-energy'] },
  { question: 'Which boat charges at the dock and runs on battery power across Puget Sound?', articles: ['seattle-hybrid-electric-ferry-service'] },
  { question: 'Why are crews checking one-way valves in the storm drains?', articles: ['miami-prepares-for-king-tides'] },
  { question: 'Can salt water on flooded streets damage cars?', articles: ['miami-prepares-for-king-tides'] },
  { question: 'How long did archivists spend cleaning fragile discs and tapes?', articles: ['new-orleans-jazz-archive-digitised'] },
  { question: 'Which recordings from local dance halls and radio broadcasts can be streamed for free?', articles: ['new-orleans-jazz-archive-digitised'] },
  { question: 'Where were ten new gates opened with wider walkways and more natural light?', articles: ['atlanta-airport-new-concourse'] },
  { question: 'Do the new low-floor vehicles have more room for wheelchairs, strollers and bicycles?', articles: ['toronto-new-streetcar-fleet'] },
  { question: 'Where are biologists watching fish and marine mammals around a floating turbine?', articles: ['halifax-tidal-energy-turbine-test'] },
  { question: 'Where are veteran cooks demonstrating noodle and rice dishes from family recipes?', articles: ['singapore-hawker-food-festival'] },
  { question: 'How much rain could fall on the Konkan coast?', articles: ['mumbai-heavy-rain-alert'] },
  { question: 'Will suburban trains run slower and schools in low-lying areas close early?', articles: ['mumbai-heavy-rain-alert'] },
  { question: 'Which companies in financial software, health technology and electric mobility did investors back?', articles: ['bengaluru-startup-funding-rises'] },
  { question: 'Where have residents of the old city been trained as guides through bazaars and stepwells?', articles: ['jaipur-heritage-walks-expand'] },
  { question: 'How did teams count the one-horned animals with vehicles, elephants and drones?', articles: ['assam-rhino-count-rises'] },
  { question: 'Will calls, texts and mobile data abroad cost the same as at home?', articles: ['europe-mobile-data-roaming-extended'] },
  { question: 'Which new stations in the northern suburbs have large skylights and public art?', articles: ['paris-metro-line-extension-opens'] },
  { question: 'Why are estates around Bordeaux picking at night?', articles: ['bordeaux-early-grape-harvest'] },
  { question: 'Who will be the first customers for fuels made with renewable electricity at the port?', articles: ['hamburg-port-green-hydrogen-terminal'] },
  { question: 'Which side pulled ahead in the last ten minutes to win a deciding fifth game?', articles: ['malmo-handball-national-title'] },
  { question: 'Why are some moorings being moved to quieter docks outside the centre?', articles: ['amsterdam-tourism-cruise-cap'] },
  { question: 'Will empty office buildings be converted into timber-frame homes near the university campus?', articles: ['groningen-student-housing-plan'] },
  { question: 'How do glaciologists read stakes drilled into the ice a year ago?', articles: ['innsbruck-glacier-measurements'] },
  { question: 'What will the nightly charge on hotel and holiday rental stays pay for?', articles: ['barcelona-tourist-tax-parks-fund'] },
  { question: 'Were workers from the old engine lines retrained for the new jobs?', articles: ['turin-electric-car-battery-plant'] },
  { question: 'Do residents get priority boarding on the vintage yellow trams?', articles: ['lisbon-tram-line-reopens'] },
  { question: 'Are lifeguards on duty at the beaches recognised for clean water and safety?', articles: ['algarve-beaches-blue-flag'] },
  { question: 'Which country runs its electricity almost entirely on wind farms and hydropower?', articles: ['uruguay-grid-renewables-record'] },
  { question: 'Where were rare books of poetry, maps and medical texts photographed in high resolution?', articles: ['beijing-ancient-texts-digitised'] },
  { question: 'How cold can it get among palaces and slides carved from river ice?', articles: ['harbin-ice-festival-opens'] },
  { question: 'Where do visitors float paper candles on the river on the fourteenth day of the lunar month?', articles: ['hoi-an-lantern-festival-full-moon'] },
  { question: 'How do floating robotic sensors measure the heat stored by the seas?', articles: ['global-ocean-temperature-report'] },
  { question: 'Were early rollouts for young children linked to fewer hospital admissions?', articles: ['malaria-vaccine-rollout-expands'] },
  { question: 'How are jokes and sound effects adapted for readers abroad?', articles: ['seoul-webtoon-festival-global-readers'] },
  { question: 'What did curators build in the museum garden from carved wooden models placed in tombs?', articles: ['cairo-museum-new-gallery'] },
  { question: 'What were the most common finds logged in the clean-up app?', articles: ['world-ocean-cleanup-day-volunteers'] },
];

/** Questions about things the demo catalogue does not contain: each must get "not found". */
export const ABSENT_QUESTIONS: string[] = [
  'What did the rover find under the ice on Mars?',
  'Who won the Formula One race in Monaco?',
  'How much did the price of bitcoin rise this week?',
  'What did the pope say about artificial intelligence?',
  'When will the new iPhone be released?',
  'Which film won the Oscar for best picture?',
  'How many goals did Messi score last season?',
  'Did the earthquake damage the copper mines?',
  'Who is the new prime minister of Japan?',
  'How many people watched the Super Bowl halftime show?',
  'What did NASA say about the asteroid that passed close to Earth?',
  'Why did the chess world champion resign the final game?',
];

/** The share of answerable questions whose first citation must be a correct article. */
export const MIN_CORRECT_FIRST_CITATION = 0.9;
