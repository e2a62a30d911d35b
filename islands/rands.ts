// Amounts as people type them, shared by the forms that take rands.

/**
 * A typed amount: "3 381.50", "R3,381.50", "R 1 200 000" or, with a decimal comma, "177,12" and "450 000,00".
 * NaN when it is not one.
 */
export function parseRands(text: string): number {
  let t = text.replace(/[R\s\u00a0\u202f]/gi, '');
  if (!t.includes('.') && /,\d{1,2}$/.test(t)) t = t.replace(/,(\d{1,2})$/, '.$1');
  t = t.replace(/,/g, '');
  return /^[-−]?\d+(\.\d{1,2})?$/.test(t) ? Number(t.replace('−', '-')) : NaN;
}

/** Rands for reading: "R2 400 000", "R1 234.50" (cents only when there are any). */
export function rands(value: number): string {
  const [whole, cents] = value.toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `R${grouped}${cents === '00' ? '' : `.${cents}`}`;
}
