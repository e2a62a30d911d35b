// One module per calculator of the registry: a calculator without its topic does not compile.
import type { Topic } from '../reading';
import { bonus } from './bonus';
import { deadline } from './deadline';
import { eti } from './eti';
import { leave } from './leave';
import { leaveAccrual } from './leave-accrual';
import { leavePay } from './leave-pay';
import { minimumWage } from './minimum-wage';
import { notice } from './notice';
import { overtime } from './overtime';
import { paye } from './paye';
import { payrollRun } from './payroll-run';
import { payslip } from './payslip';
import { sdl } from './sdl';
import { taxThreshold } from './tax-threshold';
import { termination } from './termination';
import type { TopicModule } from './types';
import { uif } from './uif';

export const TOPIC_MODULES: Record<Topic, TopicModule> = {
  paye,
  'tax-threshold': taxThreshold,
  uif,
  sdl,
  eti,
  payslip,
  leave,
  'leave-pay': leavePay,
  overtime,
  notice,
  deadline,
  'minimum-wage': minimumWage,
  bonus,
  termination,
  'leave-accrual': leaveAccrual,
  'payroll-run': payrollRun,
};

export type { Called, Need, Plan, Step, TopicContext, TopicModule } from './types';
export { isNeed } from './types';
