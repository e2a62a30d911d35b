/**
 * The knowledge article behind each kind of deadline, by its slug (its path under db/knowledge without .md), and
 * the seeded article ids by slug (from each file's front matter, as src/ui/calculators/model.ts keeps its ARTICLES;
 * tests/unit/calendar/calendar.test.ts checks each against the file).
 */
export const ARTICLE_SLUGS = {
  emp201: 'compliance/emp201-monthly-return-deadline',
  'uif-declaration': 'uif/uif-declarations-ufiling-ui19',
  'emp501-interim': 'compliance/emp501-reconciliation',
  'emp501-annual': 'compliance/emp501-reconciliation',
  irp5: 'compliance/irp5-it3a-certificates',
  'coida-roe': 'compliance/coida-return-of-earnings',
  'wsp-atr': 'compliance/skills-development-levy-sdl',
  'pay-day': 'compliance/payroll-compliance-calendar-2026-27',
} as const;

export const ARTICLE_IDS: Record<(typeof ARTICLE_SLUGS)[keyof typeof ARTICLE_SLUGS], string> = {
  'compliance/emp201-monthly-return-deadline': 'ad1355fa-6b8e-4aee-9b1c-0d63fe5c59e1',
  'uif/uif-declarations-ufiling-ui19': '039baccb-6cb5-4c39-b542-550ae2a08cba',
  'compliance/emp501-reconciliation': 'c09a0ba1-51b4-4ae3-8ade-ced54245405e',
  'compliance/irp5-it3a-certificates': '0a75166b-dbf4-4706-8d66-f7c23c46b0e9',
  'compliance/coida-return-of-earnings': 'e7941846-76c9-469a-a7a8-34568f751e86',
  'compliance/skills-development-levy-sdl': 'f5e425fa-9c2e-498f-9dc3-4101a880ff4c',
  'compliance/payroll-compliance-calendar-2026-27': '8e308604-c8f7-485c-8457-832874065a67',
};

export type ArticleSlug = keyof typeof ARTICLE_IDS;
/** The article's id for a slug; its page is /knowledge/article/<id>. */
export const articleIdFor = (slug: ArticleSlug) => ARTICLE_IDS[slug];
export const articlePath = (slug: ArticleSlug) => `/knowledge/article/${ARTICLE_IDS[slug]}`;
