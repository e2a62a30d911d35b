// Every word list of the app in one place: the ways people write payroll things (shared by knowledge search and
// the assistant), stop words, numbers and units, the words around an amount that say what it is, and the words of
// the assistant's slots. Pure data and tiny lookups; no I/O. Add a word here, not a pattern in a reader. Long
// because it is the lists, kept together so a word is added once.

// ── Ways of saying the same payroll thing ──────────────────────────────────────────────────────────

/**
 * Phrases that mean the same: a search for any phrase of a group finds articles with any other, and the assistant
 * reads each group as one concept (its first phrase). Written as typed; they go through the tokenisers.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['paye', 'pay as you earn', 'employees tax', 'employee tax'],
  ['uif', 'unemployment insurance fund', 'unemployment insurance'],
  ['sdl', 'skills development levy', 'skills levy'],
  ['eti', 'employment tax incentive', 'youth employment incentive'],
  ['13th cheque', 'thirteenth cheque', '13th check', '13th salary', 'bonus', 'bonuses'],
  ['emp201', 'monthly employer declaration', 'monthly return'],
  ['emp501', 'employer reconciliation', 'bi-annual reconciliation'],
  ['irp5', 'employee tax certificate', 'employee tax certificates', 'tax certificate', 'tax certificates'],
  ['ui19', 'uif declaration'],
  ['coida', 'coid', 'compensation fund', 'workmens compensation', 'workmen compensation', 'injury on duty', 'workplace injury', 'injury cover'],
  ['roe', 'return of earnings'],
  ['bcea', 'basic conditions of employment act', 'basic conditions of employment', 'labour act', 'labour law', 'labour laws'],
  ['nmw', 'national minimum wage', 'minimum wage'],
  ['medical aid', 'medical scheme'],
  ['mtc', 'medical tax credit', 'medical scheme fees tax credit'],
  ['sick leave', 'sick note', 'sick days', "doctor's note", 'doctors note', 'medical certificate', 'sick certificate'],
  ['annual leave', 'vacation leave', 'holiday leave', 'leave days'],
  ['family responsibility leave', 'compassionate leave', 'bereavement leave'],
  ['maternity leave', 'maternity', 'pregnancy leave', 'maternity benefits'],
  ['parental leave', 'paternity leave'],
  ['public holiday', 'public holidays'],
  ['retirement annuity', 'retirement annuities'],
  ['fringe benefit', 'fringe benefits', 'taxable benefit', 'taxable benefits', 'perks'],
  ['payslip', 'pay slip', 'salary slip', 'payslips'],
  ['glossary', 'abbreviations', 'acronyms', 'stand for', 'stands for', 'terms mean'],
  ['tax year', 'year of assessment'],
  ['tax threshold', 'tax free threshold'],
  ['efiling', 'sars efiling'],
  ['ufiling', 'uif online'],
  ['overtime', 'time and a half'],
  ['severance pay', 'retrenchment pay', 'severance package', 'severance'],
  ['retrenchment', 'retrenchments', 'retrenched', 'retrench', 'redundancy', 'redundant', 'laid off', 'layoff', 'layoffs', 'operational requirements'],
  ['notice period', 'notice periods', 'period of notice', 'notice of termination', 'termination notice', 'resignation notice'],
  ['travel allowance', 'car allowance', 'vehicle allowance', 'motor vehicle allowance', 'travelling allowance', 'mileage allowance'],
  ['km rate', 'rate per km', 'per km', 'km', 'kilometre rate', 'rate per kilometre', 'kilometre', 'kilometres', 'mileage rate', 'reimbursive rate'],
  ['company car', 'company cars', 'company vehicle', 'company vehicles', 'motor vehicle benefit', 'car benefit'],
  ['subsistence', 'subsistence allowance', 'per diem', 'travel and subsistence'],
  ['official rate of interest', 'official interest rate', 'official rate'],
  ['employee loan', 'employee loans', 'staff loan', 'staff loans', 'low interest loan', 'interest free loan', 'salary advance', 'salary advances'],
  ['director', 'directors', 'company director', 'company directors', 'board member', 'board members'],
  ['commission', 'commissions', 'commission earner', 'commission earners', 'commission income', 'sales commission'],
  ['provisional tax', 'irp6', 'provisional taxpayer', 'provisional taxpayers', 'provisional payment', 'provisional payments'],
  ['foreign national', 'foreign nationals', 'foreigner', 'foreigners', 'foreign worker', 'foreign workers', 'foreign employee', 'foreign employees', 'expat', 'expats', 'expatriate', 'expatriates', 'non citizen', 'non citizens'],
  ['pensioner', 'pensioners', 'senior citizen', 'senior citizens', 'seniors', 'elderly'],
  ['excluded', 'exempt', 'exempted', 'exemption', 'exemptions', "doesn't have to pay", "don't have to pay", 'does not have to pay', 'do not have to pay', 'not required to pay', 'not liable'],
];

/**
 * Looser than synonyms: stems an answer may use for a stem of the question ("when is it due" → "deadline",
 * "how many weeks" → "months"). Passage scoring only; search would find too much with them.
 */
export const RELATED_STEMS: Readonly<Record<string, readonly string[]>> = {
  pay: ['contrib', 'deduct', 'paid', 'payable'],
  tax: ['paye'],
  paye: ['tax'],
  paid: ['pay'],
  due: ['deadlin'],
  deadlin: ['due', 'calenda', 'date'],
  date: ['deadlin', 'calenda', 'due'],
  diary: ['calenda', 'date', 'deadlin'],
  submit: ['submiss', 'due'],
  ceil: ['maximum', 'max', 'limit', 'cap'],
  maximum: ['ceil', 'max', 'limit', 'cap'],
  max: ['maximum', 'ceil'],
  limit: ['ceil', 'maximum', 'cap', 'thresho'],
  thresho: ['limit', 'exempt', 'test', 'ceil', 'level'],
  week: ['month', 'day'],
  day: ['week'],
  month: ['week'],
  rate: ['percent', '%', 'time'],
  percent: ['%', 'rate'],
  cover: ['contrib', 'apply', 'exclud', 'includ'],
  exclud: ['exempt', 'not'],
  exempt: ['exclud'],
  issu: ['deadlin', 'within', 'due'],
  allow: ['entitl', 'may', 'limit', 'maximum'],
  nanny: ['domest'],
  maid: ['domest'],
  gardener: ['domest'],
  helper: ['domest'],
  pension: ['retir'],
  retir: ['pension'],
  interest: ['rate'],
  km: ['kilomet'],
  car: ['vehicl'],
  vehicl: ['car'],
  penalty: ['penalt', 'late', 'interest'],
  fine: ['penalt'],
  late: ['penalt'],
  dismiss: ['terminat'],
  fire: ['dismiss', 'terminat'],
  resign: ['terminat', 'notic'],
  pregnan: ['matern'],
  calculat: ['work', 'comput', 'determin', 'method'],
  work: ['calculat'],
  qualify: ['cover', 'contrib', 'entitl', 'includ', 'apply', 'eligibl'],
  eligibl: ['cover', 'contrib', 'entitl', 'includ', 'apply', 'qualify'],
  regist: ['register', 'registr'],
  uif: ['unemplo'],
  sdl: ['skill', 'levy'],
  eti: ['incenti'],
  '13th': ['bonus'],
  cheque: ['bonus'],
  bonus: ['13th'],
  foreign: ['foreign', 'non'],
  grandmo: ['grandpa', 'relativ'],
  grandfa: ['grandpa', 'relativ'],
  funeral: ['death', 'die'],
  passed: ['death', 'die'],
  abbrevi: ['glossar', 'term'],
};

// ── Words that carry no subject ────────────────────────────────────────────────────────────────────

/**
 * PostgreSQL's English stop words (tsearch_data/english.stop). `to_tsquery('english', …)` drops them, so a search
 * term made only of them would match nothing.
 */
export const STOP_WORDS = new Set(
  ('i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they ' +
    'them their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does ' +
    'did doing a an the and but if or because as until while of at by for with about against between into through during before after ' +
    'above below to from up down in out on off over under again further then once here there when where why how all any both each few ' +
    'more most other some such no nor not only own same so than too very s t can will just don should now').split(' '),
);

/**
 * Words that carry no subject in a question ("how many … are employees entitled to"). Payroll words stay, even
 * common ones ("pay", "tax", "due"), and so does "may" (the month: "due by 31 May").
 */
export const QUESTION_WORDS = new Set([
  ...STOP_WORDS,
  ...('many much whats hows could would shall might must need needs please tell explain know want say says entitled entitle ' +
    'entitlement get gets got getting give given there per someone somebody anyone anybody something anything also still really ' +
    'actually exactly currently mean means meaning employee employees employer employers staff').split(' '),
]);

/** "how long", "how often", "how old": the second word asks the question too. */
export const AFTER_HOW = new Set(['many', 'much', 'long', 'often', 'soon', 'far', 'old']);

/** Words every payroll article shares: they say nothing about which passage answers. */
export const GENERIC_WORDS = new Set(['payroll', 'rule', 'rules', 'law', 'south', 'africa', 'african', 'sa', 'sars', 'bcea', 'act', 'basic', 'condition', 'conditions', 'employment']);

/** Words every pay question has: a search without them finds the article about what is special in the question. */
export const COMMON_PAY_WORDS = new Set(['salary', 'salaries', 'wage', 'wages', 'pay', 'paid', 'paying', 'money', 'earn', 'earns', 'earning', 'employee', 'employees', 'employer', 'employers', 'staff', 'worker', 'workers', 'company', 'business', 'month', 'monthly', 'year', 'person', 'someone', 'my', 'our']);

/** Words of a question that point at no subject at all ("amount", "figure", "work out"). */
export const FILLER_WORDS = new Set(('amount figure number work out right old new yes happen happens happened said say so just really ' +
  'know soon far often long does do did can could should would will shall may might must within via subject since question questions ' +
  // Negations, like "not": what answers "who doesn't pay?" says who is excluded, rarely "doesn't".
  "doesn't don't isn't aren't didn't won't can't wasn't weren't hasn't haven't shouldn't wouldn't couldn't needn't doesnt dont isnt arent cant " +
  "i'm im i've i'd i'll we're we've they're you're it's that's there's").split(' '));

// ── What people type instead ───────────────────────────────────────────────────────────────────────

/** Afrikaans words in payroll questions, read as their English (whole words, only in a message that has some of them). */
export const AFRIKAANS: Readonly<Record<string, string>> = {
  hoeveel: 'how much', wat: 'what', wanneer: 'when', hoe: 'how', waar: 'where', wie: 'who', waarom: 'why',
  moet: 'must', kan: 'can', ek: 'i', ons: 'we', hy: 'he', sy: 'she', hulle: 'they', die: 'the', 'n': 'a',
  en: 'and', op: 'on', vir: 'for', met: 'with', sonder: 'without', maand: 'month', maande: 'months',
  maandeliks: 'monthly', jaar: 'year', jare: 'years', jaarliks: 'annual', weke: 'weeks', weekliks: 'weekly', dag: 'day', dae: 'days',
  uur: 'hour', ure: 'hours', oud: 'old', salaris: 'salary', salarisse: 'salaries', loon: 'wage', lone: 'wages', betaal: 'pay', betaling: 'payment', dit: 'it', bereken: 'calculate',
  belasting: 'tax', inkomstebelasting: 'income tax', werknemer: 'employee', werknemers: 'employees', werkgewer: 'employer', werker: 'worker',
  huishulp: 'domestic worker', huiswerker: 'domestic worker', plaaswerker: 'farm worker', plaaswerkers: 'farm workers', verlof: 'leave',
  siekverlof: 'sick leave', jaarverlof: 'annual leave', kraamverlof: 'maternity leave', oortyd: 'overtime', sondag: 'sunday', sondae: 'sundays',
  vakansiedag: 'public holiday', openbare: 'public', netto: 'net', bruto: 'gross', mediese: 'medical', fonds: 'aid',
  kennisgewing: 'notice', opsegging: 'notice', aftrekking: 'deduction', aftrekkings: 'deductions', bydrae: 'contribution',
  pensioen: 'pension', ouderdom: 'age', verdien: 'earns', kry: 'gets', hê: 'have', gee: 'give', nodig: 'need',
  afhanklikes: 'dependants', afhanklike: 'dependant', geen: 'no', jarige: 'year old', pakket: 'package', pensioenfonds: 'pension fund',
  kommissie: 'commission', reiskostetoelaag: 'travel allowance', reistoelaag: 'travel allowance', motortoelaag: 'car allowance', toelaag: 'allowance',
  tjek: 'cheque', tuinier: 'gardener', dagloon: 'daily wage', weekloon: 'weekly wage', salarisrekening: 'payroll',   normale: 'normal', werksdag: 'working day', werkdag: 'working day', gewoonlik: 'normally', nie: 'not', sondagwerk: 'sunday work',
  ouerskapsverlof: 'parental leave', vaderskapsverlof: 'paternity leave', jaarlikse: 'annual', opgebou: 'accrued', werk: 'works', werke: 'works',
  maandag: 'monday', dinsdag: 'tuesday', woensdag: 'wednesday', donderdag: 'thursday', vrydag: 'friday', saterdag: 'saturday', tot: 'to',
  belastingdrempel: 'tax threshold', drempel: 'threshold', verdienstedrempel: 'earnings threshold', uitbetaling: 'pay out', uitbetaal: 'pay out',
  uitdienstellingsvergoeding: 'severance pay', skeidingspakket: 'severance package', vergoeding: 'remuneration', gereelde: 'regular', ongereelde: 'irregular',
  beteken: 'mean', presies: 'exactly', werksure: 'working hours', gewone: 'ordinary', uitspraak: 'judgment', hof: 'court', konstitusionele: 'constitutional',
  verplig: 'force', mag: 'may', dubbel: 'double', betaalbaar: 'due', indien: 'submit', registreer: 'register', boete: 'penalty', laat: 'late',
  verskil: 'difference', tussen: 'between', werkloosheidsversekeringsfonds: 'unemployment insurance fund', vaardigheidsheffing: 'skills levy',
  heffing: 'levy', bydraes: 'contributions', aansporing: 'incentive', vakansie: 'holiday', siektes: 'illness', sertifikaat: 'certificate', bedank: 'resigned', kennis: 'notice', siek: 'sick', doktersbrief: 'sick note',
  erfenisdag: 'heritage day', vryheidsdag: 'freedom day', werkersdag: "workers' day", jeugdag: 'youth day', vrouedag: "women's day",
  versoeningsdag: 'day of reconciliation', kersdag: 'christmas day', nuwejaarsdag: "new year's day", gesinsdag: 'family day', menseregtedag: 'human rights day', "'n": 'a',
  dankie: 'thanks', baie: 'very', asseblief: 'please', goeie: 'good', môre: 'morning', middag: 'afternoon', totsiens: 'bye',
};

/** Afrikaans words that are also English words or too short to show a message is Afrikaans on their own. */
export const AFRIKAANS_AMBIGUOUS = new Set(['die', 'met', 'op', 'n', 'hoe', 'wat', 'kan', 'ons', 'en', 'sy', 'hy', 'ek', 'dag', 'oud', 'wie', 'waar']);

/** Misspellings seen in payroll questions, and SMS spellings. Beyond these the reader corrects one-letter slips against its vocabulary. */
export const SPELLINGS: Readonly<Record<string, string>> = {
  payee: 'paye', paey: 'paye', pay_e: 'paye', salery: 'salary', sallary: 'salary', salarie: 'salary', salry: 'salary', slary: 'salary',
  medial: 'medical', medicle: 'medical', medica: 'medical', meds: 'medical', maternaty: 'maternity', paternaty: 'paternity',
  overtyme: 'overtime', overtim: 'overtime', ot: 'overtime', hrs: 'hours', hr: 'hour', hrly: 'hourly', yrs: 'years', yr: 'year',
  mnths: 'months', mths: 'months', mth: 'month', wks: 'weeks', wk: 'week', wkly: 'weekly', emplyee: 'employee', employe: 'employee',
  empoyee: 'employee', emploee: 'employee', deducation: 'deduction', deductable: 'deductible', calcualte: 'calculate', calulate: 'calculate',
  thx: 'thanks', thanx: 'thanks', pls: 'please', plz: 'please', u: 'you', ur: 'your', abt: 'about',
  govt: 'government', dept: 'department', yrold: 'years old', pensiner: 'pensioner', pentioner: 'pensioner', retierment: 'retirement',
  contribtion: 'contribution', alowance: 'allowance', allowence: 'allowance', commision: 'commission', comission: 'commission',
  ceilling: 'ceiling', celing: 'ceiling', thresold: 'threshold', treshold: 'threshold', rebait: 'rebate',
  holliday: 'holiday', hoilday: 'holiday', sundy: 'sunday', sndy: 'sunday', matenity: 'maternity', maternty: 'maternity', wrk: 'work',
  pbos: 'pbo', incentve: 'incentive', hw: 'how', sum1: 'someone', workin: 'working', dos: 'does', doesnt: "doesn't", dont: "don't", isnt: "isn't",
  didnt: "didn't", wouldnt: "wouldn't", cant: "can't", wont: "won't", ive: "i've", whats: "what's", wats: "what's", thats: "that's", annaul: 'annual', anual: 'annual', leav: 'leave', sik: 'sick',
  emp201s: 'emp201', irp5s: 'irp5', recon: 'reconciliation',
};

// ── Numbers and money ──────────────────────────────────────────────────────────────────────────────

export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30,
  forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100, a: 1, an: 1, half: 0.5,
};
export const SCALE_WORDS: Readonly<Record<string, number>> = { hundred: 100, thousand: 1_000, k: 1_000, m: 1_000_000, mil: 1_000_000, million: 1_000_000, bn: 1_000_000_000, billion: 1_000_000_000 };
export const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, eleventh: 11, twelfth: 12,
  thirteenth: 13, fourteenth: 14, fifteenth: 15, twentieth: 20, last: -1,
};
/** Written before or after an amount, they make it money. */
export const CURRENCY_WORDS = new Set(['r', 'zar', 'rand', 'rands']);

export const MONTH_NAMES: readonly (readonly string[])[] = [
  ['january', 'jan', 'januarie'], ['february', 'feb', 'februarie'], ['march', 'mar', 'maart'], ['april', 'apr'], ['may', 'mei'], ['june', 'jun', 'junie'],
  ['july', 'jul', 'julie'], ['august', 'aug', 'augustus'], ['september', 'sep', 'sept'], ['october', 'oct', 'oktober'], ['november', 'nov'], ['december', 'dec', 'desember'],
];

// ── Periods ────────────────────────────────────────────────────────────────────────────────────────

export type PeriodWord = 'monthly' | 'fortnightly' | 'weekly' | 'annual' | 'hourly' | 'daily';
/** Words (and SMS forms, as tokens) that name how often pay comes. */
export const PERIOD_WORDS: Readonly<Record<string, PeriodWord>> = {
  month: 'monthly', months: 'monthly', monthly: 'monthly', pm: 'monthly', 'p/m': 'monthly', 'p.m': 'monthly', 'p.m.': 'monthly', mth: 'monthly', mnth: 'monthly', pmth: 'monthly', '/m': 'monthly', '/month': 'monthly', '/mth': 'monthly', '/pm': 'monthly',
  fortnight: 'fortnightly', fortnightly: 'fortnightly', biweekly: 'fortnightly', 'bi-weekly': 'fortnightly',
  week: 'weekly', weekly: 'weekly', pw: 'weekly', 'p/w': 'weekly', wk: 'weekly', '/w': 'weekly', '/week': 'weekly', '/wk': 'weekly',
  year: 'annual', yearly: 'annual', annum: 'annual', annually: 'annual', annual: 'annual', pa: 'annual', 'p/a': 'annual', 'p.a': 'annual', 'p.a.': 'annual', '/year': 'annual', '/yr': 'annual', '/a': 'annual', yr: 'annual',
  hour: 'hourly', hourly: 'hourly', ph: 'hourly', 'p/h': 'hourly', '/h': 'hourly', '/hr': 'hourly', '/hour': 'hourly', hr: 'hourly',
  day: 'daily', daily: 'daily', 'p/d': 'daily', '/d': 'daily', '/day': 'daily', pd: 'daily', shift: 'daily',
};
/** Words that may stand between an amount and its period: "R20 000 gross a month", "R480 000 per annum". */
export const PERIOD_FILLERS = new Set([
  'gross', 'nett', 'net', 'basic', 'salary', 'wage', 'wages', 'income', 'pay', 'paid', 'remuneration', 'before', 'after', 'tax', 'taxable', 'cash',
  'total', 'rand', 'rands', 'zar', 'earnings', 'per', 'a', 'an', 'each', 'every', 'in', 'the', 'p', 'x', 'salaried', 'package', 'ctc', 'only', 'of', 'for',
  'deductions', 'allowance', 'bonus', 'salaries',
]);

// ── What an amount is: the words around it ─────────────────────────────────────────────────────────

export type AmountRole =
  | 'salary' | 'bonus' | 'commission' | 'travelAllowance' | 'allowance' | 'retirement' | 'employerRetirement' | 'employerMedical' | 'ctc'
  | 'payroll' | 'hourlyRate' | 'dailyRate' | 'other';

/**
 * Phrases near an amount that say what it is, strongest first within a role. `near` phrases count on either side;
 * the reader takes the role of the nearest phrase in the amount's clause. Multi-word phrases beat single words.
 */
export const ROLE_CUES: readonly { role: AmountRole; phrases: readonly string[] }[] = [
  { role: 'travelAllowance', phrases: ['travel allowance', 'travelling allowance', 'car allowance', 'vehicle allowance', 'motor allowance', 'petrol allowance', 'fuel allowance', 'mileage allowance', 'travel allow', 'car allow'] },
  { role: 'allowance', phrases: ['housing allowance', 'cellphone allowance', 'cell phone allowance', 'phone allowance', 'tool allowance', 'uniform allowance', 'meal allowance', 'subsistence allowance', 'entertainment allowance', 'data allowance', 'allowance', 'allowances'] },
  { role: 'employerRetirement', phrases: ['employer pension', 'employer provident', 'employer retirement', 'employer contribution to pension', 'employer contributes to pension', 'company pension contribution', 'employer pays into pension', 'employer s pension', "employer's pension", 'pension employer'] },
  { role: 'employerMedical', phrases: ['medical aid contribution', 'medical aid contributions', 'to medical aid', 'to the medical aid', 'towards medical aid', 'towards her medical aid', 'towards his medical aid', 'to her medical aid', 'to his medical aid', 'into medical aid', 'for medical aid', 'on medical aid contributions', 'employer medical', 'employer medical aid', 'employer contribution to medical', "employer's medical aid", 'employer s medical', 'company medical aid contribution', 'employer pays medical', 'medical aid subsidy', 'medical subsidy'] },
  { role: 'retirement', phrases: ['retirement annuity', 'pension fund', 'provident fund', 'retirement fund', 'pension contribution', 'provident contribution', 'to pension', 'to a pension', 'into pension', 'to an ra', 'to ra', 'ra contribution', 'pension', 'provident', 'retirement', 'ra'] },
  { role: 'bonus', phrases: ['cheque', '13th cheque', '13th check', '13th salary', 'thirteenth cheque', 'performance bonus', 'annual bonus', 'year end bonus', 'christmas bonus', 'incentive bonus', 'bonus', 'bonuses', '13th', 'incentive', 'once off payment', 'once-off payment', 'lump sum'] },
  { role: 'commission', phrases: ['commission', 'commissions', 'comm'] },
  { role: 'ctc', phrases: ['cost to company', 'cost-to-company', 'ctc', 'package', 'total package'] },
  { role: 'payroll', phrases: ['annual payroll', 'monthly payroll', 'yearly payroll', 'total payroll', 'wage bill', 'salary bill', 'payroll', 'leviable amount', 'total salaries', 'total wages', 'total remuneration', 'salaries bill', 'all the salaries', 'in salaries', 'in wages', 'salaries totalling', 'wages totalling', 'totalling', 'salaries', 'wages'] },
  { role: 'salary', phrases: ['salary', 'wage', 'basic', 'basic pay', 'gross', 'gross pay', 'earns', 'earning', 'earnings', 'earn', 'paid', 'income', 'remuneration', 'pay', 'salaris', 'loon', 'stipend', 'gets', 'getting', 'takes home', 'on'] },
  { role: 'other', phrases: ['rebate', 'credit', 'threshold', 'exclusion', 'exempt amount', 'cap', 'ceiling', 'limit', 'exemption', 'severance', 'severance package', 'retrenchment package', 'payout', 'pay out', 'gratuity', 'loan', 'fine', 'price', 'rent', 'debt', 'advance', 'garnishee', 'damage', 'fee', 'fees', 'invoice', 'per km', 'a km', 'km'] },
];
/** Words that make a fund or medical contribution the employer's when they are its subject ("the company puts R1 500 into his pension"). */
export const EMPLOYER_SUBJECTS = ['employer', 'company', 'firm', 'business', 'boss', 'we', 'employer s', "employer's", "company's", 'company s', 'us', 'the company', 'the employer'];
export const EMPLOYEE_SUBJECTS = ['he', 'she', 'employee', 'they', 'himself', 'herself', 'i', 'worker', "employee's", 'hy', 'sy'];
/** Words joining amounts in a list: a cue across one of them belongs to the amount on its own side. */
export const CONNECTORS = new Set(['and', 'plus', '+', '&', 'with', 'for', 'or', 'en', 'while', 'but']);

/** Before an amount, these make it a limit being asked about, not anyone's pay ("under R500 000", "the R17 712 ceiling"). */
export const LIMIT_WORDS = ['under', 'below', 'less than', 'more than', 'over', 'above', 'exceeds', 'exceed', 'exceeding', 'up to', 'at least', 'at most', 'not more than', 'no more than', 'threshold', 'ceiling', 'maximum', 'minimum', 'limit', 'cap', 'capped at', 'max'];

// ── The other slots ────────────────────────────────────────────────────────────────────────────────

/** Before a number, these make it an age ("aged 45", "she is 66", "turns 65"). */
export const AGE_BEFORE = ['aged', 'age', 'ages', 'age of', 'aged about', 'pensioner of', 'pensioner aged', 'retiree of', 'retiree aged', 'senior of', 'turns', 'turned', 'turning', 'will be', 'becomes', 'is now', 'is aged', "i'm", 'im', 'i am', "she's", "he's", 'shes', 'hes', 'she is', 'he is', 'she was', 'he was', 'who is', "who's", 'and is', 'they are', "they're", 'both', 'all', 'ouderdom', 'age:', 'were', 'if she were', 'if he were', 'would be'];
/** After a number, these make it an age ("45 years old", "45yo", "67-year-old"). */
export const AGE_AFTER = ['years old', 'year old', 'yrs old', 'yr old', 'yo', 'y o', 'y/o', 'years of age', 'yrs of age', 'jaar oud', 'year-old', 'years-old', 'yr-old', 'yrs-old', 'year olds', 'years olds'];
/** Words for the people a pay is for; "each" or "per employee" makes the count a headcount. */
export const EMPLOYEE_WORDS = new Set(['employees', 'employee', 'staff', 'workers', 'worker', 'people', 'persons', 'staffers', 'members of staff', 'workers', 'helpers', 'cleaners', 'waiters', 'labourers', 'casuals', 'temps', 'clerks', 'drivers', 'guards', 'assistants', 'guys', 'ladies', 'starters', 'new starters', 'juniors', 'interns', 'learners', 'employes', 'werknemers', 'werkers']);
export const EACH_WORDS = ['each', 'per employee', 'per person', 'per head', 'per worker', 'apiece', 'every one', 'all on', 'all earning', 'all earn', 'each earning', 'each earn'];

/** Words for the medical scheme, and for the people on it. */
export const MEDICAL_WORDS = ['medical aid', 'medical scheme', 'med aid', 'medicalaid', 'medical', 'med', 'health insurance', 'hospital plan', 'discovery', 'bonitas', 'momentum health', 'gems', 'fedhealth', 'medshield'];
export const MEDICAL_NONE = ['no medical aid', 'no medical', 'without medical aid', 'without medical', 'not on medical aid', 'not on a medical aid', 'not on medical', 'not a member of a medical', "doesn't have medical", 'does not have medical', "doesn't have a medical", 'does not have a medical', 'has no medical', "isn't on medical", 'is not on medical', "isn't on a medical", "don't have medical", 'do not have medical', 'no longer on medical', 'no med aid', 'not on any medical', 'no medical scheme'];
export const DEPENDANT_WORDS = ['dependants', 'dependant', 'dependents', 'dependent', 'deps', 'dep', 'beneficiaries', 'beneficiary', 'family members', 'family member'];
export const PEOPLE_WORDS = ['people', 'persons', 'person', 'members', 'member', 'lives', 'beneficiaries', 'family members', 'adults', 'adult'];
export const SPOUSE_WORDS = ['spouse', 'wife', 'husband', 'partner', 'vrou', 'eggenoot'];
export const CHILD_WORDS = ['kids', 'kid', 'children', 'child', 'baby', 'son', 'daughter', 'sons', 'daughters', 'kinders'];
export const SELF_ONLY = ['main member only', 'member only', 'single member', 'only the main member', 'only main member', 'just herself', 'just himself', 'only herself', 'only himself', 'herself only', 'himself only', 'just him', 'just her', 'only him', 'only her', 'just the employee', 'only the employee', 'single'];

/** Age bands said in words. */
export const AGE_BANDS: readonly { band: 'under65' | '65to74' | '75plus'; phrases: readonly string[] }[] = [
  { band: 'under65', phrases: ['under 65', 'below 65', 'younger than 65', 'less than 65', 'under 65s', 'under-65', 'under-65s', 'younger than sixty five'] },
  { band: '75plus', phrases: ['75 and older', '75 and over', '75 and above', '75 or older', '75 or over', '75 or more', 'over 75', 'above 75', 'older than 75', '75 plus', '75+', 'over 75s', '75 years and older'] },
  { band: '65to74', phrases: ['65 to 74', '65-74', '65 and 74', 'between 65 and 74', '65 to 75', '65 and older', '65 and over', '65 and above', '65 or older', '65 or over', 'over 65', 'above 65', 'older than 65', '65 plus', '65+', 'over 65s', 'pensioner', 'pensioners', 'retiree', 'retirees', 'senior', 'seniors', 'senior citizen', 'senior citizens', 'elderly', 'old age', 'pensioenaris'] },
];

/** Units after a number, and the slot they make. */
export const HOUR_WORDS = new Set(['hours', 'hour', 'hrs', 'hr', 'h', 'ure', 'uur']);
export const DAY_WORDS = new Set(['days', 'day', 'dae', 'dag', 'shifts', 'shift']);
export const WEEK_WORDS = new Set(['weeks', 'week', 'wks', 'wk', 'weke']);
export const MONTH_WORDS = new Set(['months', 'month', 'mths', 'mnths', 'mth', 'maande', 'maand']);
export const YEAR_WORDS = new Set(['years', 'year', 'yrs', 'yr', 'jaar', 'jare']);
/** Words that make a length of time a length of service ("employed 9 months", "2 years' service"). */
export const SERVICE_WORDS = ['employed', 'employment', 'service', 'worked', 'working', 'working for', 'worked for', 'been with', 'with us', 'with me', 'with the company', 'tenure', 'started', 'joined', 'hired', 'in the job', 'on the job', 'at the company', 'at our', 'at my', 'for me', 'for us', 'has been', "he's been", "she's been", 'been working', 'since', 'ago', 'werk'];
/** Words that make a count of days the days worked ("after 170 days worked"). */
export const DAYS_WORKED_WORDS = ['worked', 'at work', 'on the job', 'working', 'of work'];

export const SUNDAY_WORDS = ['sunday', 'sundays', 'sondag', 'sondae'];
/** Named public holidays (and the generic words). */
export const PUBLIC_HOLIDAYS = [
  'public holiday', 'public holidays', 'stat holiday', 'christmas day', "new year's day", 'new years day', 'freedom day',
  "workers' day", 'workers day', 'worker s day', 'youth day', 'heritage day', "women's day", 'womens day', 'national women s day', 'day of reconciliation',
  'reconciliation day', 'human rights day', 'good friday', 'family day', 'day of goodwill', 'boxing day', 'election day', 'vakansiedag',
];
/** Said of a Sunday or a public holiday: a day the employee normally works ("Sunday is part of her roster", "one of her normal days"). */
export const NORMAL_DAY = [
  'usually works sundays', 'normally works sundays', 'ordinarily works sundays', 'regularly works sundays', 'always works sundays', 'works every sunday',
  'work every sunday', 'rostered every sunday', 'rostered on sundays', 'works sundays', 'work sundays', 'sundays are part of', 'sunday is part of', 'part of her roster',
  'part of his roster', 'part of the roster', 'part of their roster', 'as part of the roster', 'on the roster', 'normal roster', 'normal shifts', 'normal shift',
  'normal working day', 'normal work day', 'normal workday', 'usual working day', 'usual day', 'normal day', 'normal days', 'normal working days',
  'regular working day', 'regular day', 'scheduled to work', 'would normally work', 'would have worked anyway', 'normally works that day', 'normally work',
  'normally works', 'one of her working days', 'one of his working days', 'a working day', 'working day for', 'workday for', 'regular sunday',
];
/** Said of a Sunday or a public holiday: a day the employee does not normally work. Read before NORMAL_DAY. */
export const NOT_NORMAL_DAY = [
  'not her normal day', 'not his normal day', 'not their normal day', 'not a normal day', 'not normal for', 'not a normal working day', 'not a normal work day',
  'not your normal', 'not his usual', 'not her usual', 'not your usual', 'not their usual', 'not the usual', 'not a usual',
  'not a working day', 'not a workday', 'not normally', 'not usually', "doesn't normally", 'does not normally', "doesn't usually", 'does not usually',
  "wouldn't normally", 'would not normally', "don't normally", 'do not normally', 'never works', 'never work', 'once off', 'once-off', 'the odd sunday',
  'odd sunday', 'day off', 'her day off', 'his day off', 'off day', 'not scheduled', 'not rostered', 'would have been off', 'normally off', 'not on the roster',
  'not part of', 'called in', 'called her in', 'called him in', 'extra day',
];

export const WEEKDAYS: readonly (readonly string[])[] = [
  ['monday', 'mon', 'mondays'], ['tuesday', 'tue', 'tues', 'tuesdays'], ['wednesday', 'wed', 'wednesdays'], ['thursday', 'thu', 'thur', 'thurs', 'thursdays'],
  ['friday', 'fri', 'fridays'], ['saturday', 'sat', 'saturdays'], ['sunday', 'sun', 'sundays'],
];
/** Parts of a day that count as a day of work ("3 mornings a week"). */
export const DAY_PARTS = new Set(['mornings', 'morning', 'afternoons', 'afternoon', 'evenings', 'nights', 'night', 'shifts', 'shift', 'days', 'day']);
/** Words that start the employment: "started in June 2026", "since March 2024". */
export const START_WORDS = ['started', 'starting', 'start', 'joined', 'hired', 'employed since', 'employed from', 'working since', 'since', 'began', 'start date', 'appointed', 'came on board', 'began working', 'been here since', 'with us since', 'with me since'];
/** Words before a number of days, hours or months that make it about the pay being asked, not a count ("3 extra hours", "30 working days"). */
export const UNIT_ADJECTIVES = new Set(['extra', 'more', 'additional', 'overtime', 'ot', 'normal', 'ordinary', 'working', 'work', 'full', 'paid', 'unpaid', 'consecutive', 'calendar', 'qualifying', 'late', 'late-night']);

export const WORKER_TYPES: readonly { type: 'domestic' | 'farm'; phrases: readonly string[] }[] = [
  { type: 'domestic', phrases: ['domestic worker', 'domestic workers', 'domestic', 'domestics', 'the domestic', 'my domestic', 'helper', 'my helper', 'house helper', 'household helper', 'nanny', 'au pair', 'gardener', 'housekeeper', 'maid', 'char', 'cleaner at home', 'home cleaner', 'caregiver at home', 'huishulp', 'domestic employee'] },
  { type: 'farm', phrases: ['farm worker', 'farm workers', 'farmworker', 'farmworkers', 'farm hand', 'farm hands', 'farm labourer', 'farm labourers', 'farm employee', 'farm employees', 'on the farm', 'plaaswerker', 'plaaswerkers', 'seasonal workers on my farm'] },
];

export const LEAVE_KINDS: readonly { kind: 'annual' | 'sick' | 'family' | 'maternity' | 'parental'; phrases: readonly string[] }[] = [
  { kind: 'maternity', phrases: ['maternity', 'pregnant', 'pregnancy', 'kraamverlof', 'giving birth', 'birth of her'] },
  { kind: 'parental', phrases: ['parental', 'paternity', 'adoption leave', 'commissioning parental', 'dad leave', 'father s leave'] },
  { kind: 'family', phrases: ['family responsibility', 'compassionate', 'bereavement', 'funeral leave', 'family leave', 'frl leave', 'frl'] },
  { kind: 'sick', phrases: ['sick leave', 'sick days', 'sick day', 'sick note', 'siekverlof', 'off sick', 'booked off', 'sick'] },
  { kind: 'annual', phrases: ['annual leave', 'vacation leave', 'holiday leave', 'leave days', 'vacation days', 'jaarverlof', 'paid leave', 'annual'] },
];

export const EPWP_WORDS = ['epwp', 'expanded public works', 'public works programme', 'public works program'];
export const SDL_EXEMPT_WORDS = ['pbo', 'public benefit organisation', 'public benefit organization', 'municipality', 'public entity', 'public body', 'national or provincial department', 'religious institution', 'charity', 'npo'];

/** Named tax years relative to today. */
export const RELATIVE_TAX_YEARS: readonly { offset: -1 | 0 | 1; phrases: readonly string[] }[] = [
  { offset: -1, phrases: ['last tax year', 'previous tax year', 'prior tax year', "last year's tables", 'last year s tables', 'last years tables', 'previous year s tables', 'old tables', 'old tax tables', 'vorige belastingjaar'] },
  { offset: 1, phrases: ['next tax year', 'volgende belastingjaar'] },
  { offset: 0, phrases: ['this tax year', 'current tax year', 'the current tax year', "this year's tables", 'this year s tables', 'current tables', 'new tax tables', 'this year', "this year's", 'hierdie jaar'] },
];

// ── Whole messages ─────────────────────────────────────────────────────────────────────────────────

/** A message made only of these (and punctuation) is a greeting or thanks. */
export const GREETING_WORDS = new Set([
  'hi', 'hello', 'hey', 'hiya', 'howzit', 'hallo', 'heita', 'sawubona', 'molo', 'dumela', 'good', 'morning', 'afternoon', 'evening', 'day', 'goeie',
  'môre', 'more', 'middag', 'naand', 'thanks', 'thank', 'you', 'thankyou', 'thx', 'cheers', 'dankie', 'baie', 'great', 'ok', 'okay', 'cool', 'nice',
  'perfect', 'awesome', 'bye', 'goodbye', 'totsiens', 'so', 'much', 'a', 'lot', 'again', 'there', 'all', 'team', 'lekker', 'sharp', 'shot', 'sho',
  'brilliant', 'super', 'got', 'it', 'that', 'helps', 'helped', 'helpful', 'very', 'appreciated', 'appreciate', 'legend', 'payewise', 'bot', 'assistant', 'yes', 'ja', 'no', 'nee', 'alright',
]);
export const THANKS_WORDS = new Set(['thanks', 'thank', 'thankyou', 'thx', 'cheers', 'dankie', 'appreciated', 'appreciate', 'great', 'perfect', 'awesome', 'brilliant', 'super', 'legend', 'shot', 'sharp', 'helps', 'helped', 'helpful', 'bye', 'goodbye', 'totsiens', 'ok', 'okay', 'cool', 'nice', 'lekker', 'alright']);

/** Any of these in a message shows it is about payroll, tax or employment (a classifier's "off-topic" is then doubted). */
export const PAYROLL_WORDS = new Set(
  ('paye tax taxes taxed taxable uif sdl eti salary salaries wage wages payroll pay paid paying earn earning earns leave overtime employee ' +
    'employees employer employ employed employment staff worker workers payslip net nett gross deduct deduction deductions sars emp201 emp501 ' +
    'irp5 it3a bonus 13th medical pension pensioner provident retirement annuity notice dismiss dismissed dismissal retrench retrenched ' +
    'retrenchment severance maternity paternity parental sunday holiday bcea coida allowance fringe commission director directors provisional ' +
    'rebate rebates threshold deadline domestic contract hours remuneration income efiling ufiling reconciliation levy incentive benefit ' +
    'benefits subsistence travel loan labour ccma resign resigned resignation sick rand ui19 irp6 nmw ctc farm nanny gardener helper ' +
    'dependants hourly monthly weekly fortnightly annual marginal brackets payslips contribution contributions contribute hire hired fire ' +
    'fired wage-bill register registration cipc vat bbbee invoice payment payments due emp salaris loon belasting werknemer verlof oortyd').split(' '),
);

/** Nouns that name a figure: a question asking for one wants the passage that states it. */
export const FIGURE_NOUNS = new Set(['rate', 'rates', 'ceiling', 'threshold', 'thresholds', 'maximum', 'minimum', 'limit', 'limits', 'percentage', 'amount', 'cap', 'penalty', 'penalties', 'fine', 'rebate', 'rebates', 'credit', 'credits', 'levy', 'wage', 'value', 'figure', 'figures', 'max', 'min', 'bracket', 'brackets', 'rand', 'cents', 'salary']);

/** Words that open a yes/no question. */
export const YES_NO_STARTS = new Set(['do', 'does', 'did', 'is', 'are', 'was', 'were', 'can', 'could', 'must', 'should', 'will', 'would', 'may', 'has', 'have', 'am', 'shall', 'moet', 'kan', "isn't", "aren't", "doesn't", "don't"]);
/** Words that make a statement (or a question) negative, for reading a yes or a no off the sentence that answers. */
export const NEGATIVE_WORDS = ['not', 'no', 'never', "doesn't", "don't", "isn't", "aren't", 'cannot', "can't", 'need not', "needn't", 'nil', 'exempt', 'excluded', 'exclude', 'excludes', 'neither', 'nor', 'unpaid', 'without', 'no longer', 'tax free', 'tax-free', 'nothing'];

/** Words of a question asked from an article that ask for the article itself, not a part of it ("in simple terms", "the key points"). */
export const POINTING_WORDS = ['simple', 'simply', 'simpler', 'plain', 'terms', 'english', 'words', 'layman', 'summary', 'summarise', 'summarize', 'short', 'explain', 'meaning', 'mean', 'means', 'key', 'points', 'main', 'tldr', 'basically', 'article', 'page', 'breakdown', 'break', 'down', 'nutshell', 'gist'];

/** Words that ask for a calculation to be done ("work out my SDL"), as opposed to asking what a rule is ("how much is Sunday pay?"). */
export const CALCULATE_REQUESTS = ['calculate', 'calc', 'work out', 'figure out', 'compute', 'do my', 'do the', 'do a', 'run my', 'run the', 'bereken', 'reken uit'];

/** Words a follow-up leans on the turn before with. */
export const LEANING_STARTS = ['and', 'what about', 'how about', 'what if', 'and if', 'if', 'but', 'same', 'now', 'instead', 'then', 'also', 'with', 'without', 'for', 'at', 'on', 'make it', 'say', 'suppose', 'assume', 'change', 'redo', 'again', 'plus', 'excluding', 'including', 'in', 'using', 'rather', 'or', 'so', 'en', 'en as', 'wat van'];
export const LEANING_WORDS = ['instead', 'same', 'that', 'this', 'it', 'those', 'these', 'them', 'her', 'him', 'she', 'he', 'they', 'his', 'hers', 'their', 'then', 'the above', 'above', 'previous', 'earlier', 'again', 'too', 'as well', 'actually', 'rather', 'also'];

// ── Returns and their deadlines (what a "when" question names) ─────────────────────────────────────

export type ReturnName = 'emp201' | 'emp501-interim' | 'emp501-annual' | 'irp5' | 'uif-declaration' | 'coida-roe' | 'provisional-1' | 'provisional-2' | 'provisional';
/** Phrases naming a return or submission, most specific first. */
export const RETURN_NAMES: readonly { name: ReturnName; phrases: readonly string[] }[] = [
  { name: 'emp501-interim', phrases: ['interim emp501', 'emp501 interim', 'interim reconciliation', 'mid year reconciliation', 'mid-year reconciliation', 'interim recon', 'bi-annual reconciliation', 'biannual reconciliation', 'interim submission', 'six month reconciliation', 'august reconciliation'] },
  { name: 'emp501-annual', phrases: ['annual emp501', 'emp501 annual', 'annual reconciliation', 'year end reconciliation', 'year-end reconciliation', 'annual recon', 'year end recon', 'february reconciliation', 'emp501', 'reconciliation'] },
  { name: 'irp5', phrases: ['irp5', 'it3a', 'it3 a', 'tax certificates', 'tax certificate', 'employee tax certificates'] },
  { name: 'uif-declaration', phrases: ['ui19', 'ui 19', 'uif declaration', 'uif declarations', 'ufiling', 'uif return', 'uif submission'] },
  { name: 'coida-roe', phrases: ['return of earnings', 'roe', 'coida return', 'coida', 'compensation fund return'] },
  { name: 'provisional-1', phrases: ['first provisional', '1st provisional', 'august provisional'] },
  { name: 'provisional-2', phrases: ['second provisional', '2nd provisional', 'february provisional'] },
  { name: 'provisional', phrases: ['provisional tax', 'provisional payment', 'irp6'] },
  { name: 'emp201', phrases: ['emp201', 'monthly return', 'monthly declaration', 'monthly paye', 'paye payment', 'paye due', 'uif payment', 'sdl payment', 'pay sars', 'pay over paye'] },
];

// ── Lookups ────────────────────────────────────────────────────────────────────────────────────────

/** The month number (1–12) a word names, or 0. */
export function monthNumber(word: string): number {
  const i = MONTH_NAMES.findIndex((names) => names.includes(word));
  return i + 1;
}

// ── Why employment ended, and years compared ────────────────────────────────────────────────────────

/** Words that say why employment ended (the termination calculator's reason). */
export const TERMINATION_REASON_WORDS: Readonly<Record<'retrenchment' | 'resignation' | 'dismissal' | 'end-of-contract', readonly string[]>> = {
  retrenchment: ['retrench', 'retrenched', 'retrenching', 'retrenchment', 'retrenchments', 'severance', 'severance pay', 'severance package', 'operational requirements', 'redundant', 'redundancy', 'laid off', 'lay off', 'layoff', 'package', 'closing down', 'closes down', 'afgedank weens', 'uitdiensstelling'],
  resignation: ['resign', 'resigned', 'resigns', 'resigning', 'resignation', 'quit', 'quits', 'quitting', 'handed in notice', 'hands in notice', 'bedank'],
  dismissal: ['dismiss', 'dismissed', 'dismissal', 'fired', 'fire', 'sacked', 'sack', 'let go', 'misconduct', 'incapacity', 'afgedank'],
  'end-of-contract': ['contract ends', 'contract ended', 'contract end', 'end of contract', 'end of her contract', 'end of his contract', 'fixed term', 'fixed-term', 'contract expires', 'contract expired', 'contract ran out'],
};

/** Words that ask for two tax years side by side. */
export const COMPARE_WORDS = ['compare', 'compared', 'comparison', 'vs', 'versus', 'against', 'difference between', 'side by side', 'last year and this year', 'this year and last year', 'than last year', 'from last year', 'on last year', 'before and after', 'change from', 'changed from', 'vergelyk'];

/** Words that ask what falls due ("what's due this month?", "deadlines coming up in December"). */
export const DUE_WORDS = ['due', 'deadline', 'deadlines', 'coming up', 'submit', 'submissions', 'returns', 'to file', 'pay over', 'what must i pay', 'compliance dates', 'in my calendar', 'sperdatum', 'sperdatums'];
/** A month named by where it lies from today, with how many months on. */
export const RELATIVE_MONTHS: readonly (readonly [phrase: string, months: number])[] = [['this month', 0], ['current month', 0], ['next month', 1], ['coming month', 1], ['hierdie maand', 0], ['volgende maand', 1]];
