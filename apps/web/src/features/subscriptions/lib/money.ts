/** How many digits the currency's minor unit has (2 for eur, 0 for jpy), as Intl knows it. */
export function minorDigitsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in the currency's minor unit (499 for 4.99), written for the reader's language. */
export function formatMoney(amount: number, currency: string, language: string): string {
  const value = amount / 10 ** minorDigitsOf(currency);
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(value);
  } catch {
    return `${value} ${currency.toUpperCase()}`;
  }
}

/** A price typed in the major unit ("4.99", "4,99") as the minor unit's whole number; null if it is not one. */
export function parseMoney(text: string, currency: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(clean)) return null;
  const amount = Math.round(Number(clean) * 10 ** minorDigitsOf(currency));
  return amount > 0 ? amount : null;
}
