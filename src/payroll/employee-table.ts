/**
 * A pasted table of employees, one a line: name, monthly pay, age, then optionally the ETI month and hours a month.
 * Columns are split on tabs, semicolons or commas (a spreadsheet paste), else on spaces with the name first.
 * A header line (no figures) is skipped. Values stay strings: the schema checks them and names the field.
 */
const COLUMNS = ['remuneration', 'age', 'etiMonth', 'hoursPerMonth'] as const;
const NUMBER = /^R?\s?[\d\s\u00a0]*\d(\.\d+)?$/i;

/** "R8 000 24" → ["R8000", "24"]: a group of exactly three digits after the pay's first digits is part of it. */
function groupThousands(words: string[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    const prev = out.length === 1 ? out[0] : undefined;
    if (prev !== undefined && /^\d{3}(\.\d+)?$/.test(w) && /^R?\d{1,3}$|^R?\d{1,3}(\d{3})+$/i.test(prev) && !prev.includes('.'))
      out[0] = prev + w;
    else out.push(w);
  }
  return out;
}

export function parseEmployeeTable(text: string): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    let cells = line.split(/\t|;|,(?!\d{3}\b)/).map((c) => c.trim());
    if (cells.length === 1) {
      const words = line.split(/\s+/);
      const first = words.findIndex((w) => NUMBER.test(w));
      cells = first < 0 ? [line] : [words.slice(0, first).join(' '), ...groupThousands(words.slice(first))];
    }
    if (!cells.slice(1).some((c) => NUMBER.test(c))) continue;
    const row: Record<string, string> = { name: cells[0] || `Employee ${rows.length + 1}` };
    COLUMNS.forEach((col, i) => {
      const v = cells[i + 1]?.replace(/^R/i, '').replace(/[\s\u00a0]/g, '');
      if (v) row[col] = v;
    });
    rows.push(row);
  }
  return rows;
}
