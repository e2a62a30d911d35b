import { tablesForClipboard, type PlainTable } from './clipboard';
import { writeClipboard } from './copy';
import { toast } from './toast';

// Calculators: "Copy table" under a result copies its table(s), or its figures as a two-column table where it has
// none, as HTML and tab-separated text with amounts as numbers, ready to paste into a spreadsheet.

/** A cell's words as the reader sees them closed: a payslip line's label without its folded-away working. */
function cellText(cell: Element): string {
  const copy = cell.cloneNode(true) as Element;
  copy.querySelectorAll('details > :not(summary)').forEach((el) => el.remove());
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

const rowsOf = (rows: Iterable<HTMLTableRowElement>) => [...rows].map((tr) => [...tr.cells].map(cellText));

function resultTables(region: Element): PlainTable[] {
  const tables = [...region.querySelectorAll('table')].map((t) => ({
    caption: t.caption && !t.caption.classList.contains('sr-only') ? cellText(t.caption) : undefined,
    head: rowsOf(t.tHead?.rows ?? []),
    body: [...t.tBodies].flatMap((b) => rowsOf(b.rows)),
  }));
  if (tables.length) return tables;
  const amount = region.querySelector('[data-testid="result-amount"]');
  if (!amount) return [];
  const figures = [[cellText(amount.previousElementSibling ?? amount), cellText(amount)]];
  for (const pair of region.querySelectorAll('dl > div')) {
    const [dt, dd] = [pair.querySelector('dt'), pair.querySelector('dd')];
    if (dt && dd) figures.push([cellText(dt), cellText(dd)]);
  }
  return [{ head: [['Figure', 'Value']], body: figures }];
}

const buttons = () => document.querySelectorAll<HTMLButtonElement>('button[data-copy-table]');
const regionOf = (button: HTMLElement) => document.getElementById(button.dataset.copyTable!);

function syncButtons() {
  for (const button of buttons()) {
    const region = regionOf(button);
    button.hidden = !region || resultTables(region).length === 0;
  }
}

document.addEventListener('click', async (e) => {
  const button = (e.target as Element).closest?.<HTMLButtonElement>('button[data-copy-table]');
  const region = button && regionOf(button);
  if (!region) return;
  const tables = resultTables(region);
  try {
    await writeClipboard(tablesForClipboard(tables));
    toast({
      title: 'Copied',
      description: `The ${tables.length > 1 ? 'tables are' : 'table is'} on the clipboard, ready to paste into a spreadsheet.`,
    });
  } catch {
    toast({ title: 'Error', description: 'Could not copy to the clipboard', variant: 'destructive' });
  }
});
document.addEventListener('htmx:afterSettle', syncButtons);
syncButtons();
