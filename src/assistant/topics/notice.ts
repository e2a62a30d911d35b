// The minimum notice by length of service and kind of worker (BCEA s37).
import { Builder } from './shared';
import type { TopicModule } from './types';

export const notice: TopicModule = {
  name: 'notice',
  label: 'the notice period',
  example: 'Notice period for someone employed for 9 months',
  keywords: ['notice', 'notice period', 'kennisgewing'],
  uses: ['monthsEmployed', 'workerType'],
  plan(f, ctx) {
    const b = new Builder(f, ctx);
    if (b.set('monthsEmployed', f.monthsEmployed, { from: 'monthsEmployed', kept: (m) => `${m} months' employment` }) === undefined)
      return { need: 'how long the employee has worked for you', example: 'Notice period for someone employed for 9 months' };
    b.set('workerType', f.workerType, { from: 'workerType', kept: (w) => `a ${w} worker` });
    return { steps: [{ name: 'notice', input: b.input }], assumed: b.assumed, kept: b.kept };
  },
  describe([call]) {
    const r = call.result as Record<string, number>;
    const i = call.input;
    return [
      `**Minimum notice: ${r.noticeWeeks} week${r.noticeWeeks === 1 ? '' : 's'}** under section 37 of the BCEA, for ${i.workerType && i.workerType !== 'general' ? `a ${i.workerType} worker ` : 'someone '}employed for ${i.monthsEmployed} months. Notice must be given in writing, and either side may give it.`,
    ];
  },
  articles: () => ['notice periods'],
};
