// A payslip pasted into a question: what the reader took from it, each statutory figure against the engine's, and
// the likely reason for each difference. The figures are the check's (src/payslips); this only words them.
import type { ToolCallDTO } from '../../schemas/chat';
import type { PayslipCheck } from '../../payslips';
import { formatLongDate, isIsoDate } from '../../payroll';
import { joinWords, rand, yearLabel } from '../topics/shared';

export const CHECKER_LINK = '[payslip checker](/calculators/payslip-check)';

/** Searches for the articles a check cites: how to check a payslip, then the rule behind each difference. */
export function payslipCheckArticles(call: ToolCallDTO): string[] {
  const findings = (call.result as PayslipCheck | undefined)?.findings ?? [];
  const rules: Record<string, string> = {
    paye: 'how monthly PAYE is calculated',
    uif: 'UIF contribution ceiling',
    sdl: 'skills development levy SDL',
  };
  return ['how to check a payslip for mistakes', ...new Set(findings.map((f) => rules[f.item]).filter(Boolean))];
}

const signed = (v: number) => `${v > 0 ? '+' : '−'}${rand(Math.abs(v))}`;

export function payslipCheckLines(
  call: ToolCallDTO,
  read: { earnings: string[]; deductions: string[]; employer: string[]; unread: string[] },
): string[] {
  if (call.error) {
    return [
      `I read this as a payslip, but I could not check it: ${call.error}.`,
      '',
      `Paste the whole payslip, or enter its figures in the ${CHECKER_LINK}, where you can correct what I read.`,
    ];
  }
  const c = call.result as PayslipCheck;
  const i = call.input;
  const lines: string[] = [];
  const [first] = c.findings;
  if (!first) lines.push(`**Every figure I checked on this payslip is right: ${joinWords(c.checked.map((x) => x.label))}.**`);
  else if (c.findings.length === 1)
    lines.push(
      `**${first.label} is wrong on this payslip: ${rand(first.shown)} shown, ${rand(first.expected)} expected (${signed(first.difference)}).**`,
    );
  else
    lines.push(
      `**${c.findings.length} figures on this payslip are wrong: ${joinWords(c.findings.map((f) => `${f.label} (${signed(f.difference)})`))}.**`,
    );
  const paid = typeof i.payDate === 'string' && isIsoDate(i.payDate) ? `paid ${formatLongDate(i.payDate)}, ` : '';
  lines.push(`(${paid}tax year ${yearLabel(c.taxYear)}, ${c.period} pay)`, '');
  lines.push('| | On the payslip | Expected | Difference |', '|---|---:|---:|---:|');
  for (const x of c.checked)
    lines.push(`| ${x.label} | ${rand(x.shown)} | ${rand(x.expected)} | ${x.matches ? 'matches' : signed(x.shown - x.expected)} |`);
  for (const f of c.findings) {
    lines.push('', `**${f.label}: ${signed(f.difference)}.** Likely reason: ${f.reason}.`, '', ...f.working.map((w) => `- ${w}`));
  }
  lines.push('', '**What I read from the payslip**', '');
  if (read.earnings.length) lines.push(`- Earnings: ${read.earnings.join('; ')}`);
  if (read.deductions.length) lines.push(`- Deductions: ${read.deductions.join('; ')}`);
  if (read.employer.length) lines.push(`- Employer's contributions: ${read.employer.join('; ')}`);
  if (read.unread.length) lines.push(`- Lines I could not place (not used): ${read.unread.map((u) => `"${u}"`).join('; ')}`);
  lines.push('', "**Assumed** (tell me if anything is different and I'll check it again):", '', ...c.assumptions.map((a) => `- ${a}`));
  lines.push('', `If I misread a figure, correct it in the ${CHECKER_LINK}, which checks the corrected figures and can save the check.`);
  return lines;
}
