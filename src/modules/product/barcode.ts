// GS1 barcodes printed on products: EAN-13, UPC-A (12 digits) and EAN-8. Pure.

/** The GS1 check digit of the digits before it: weights 3,1,3,… from the right. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** The barcode as stored (digits only), or null when it is not a valid EAN-13, UPC-A or EAN-8. */
export function normalizeBarcode(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || ![8, 12, 13].includes(digits.length)) return null;
  return gs1CheckDigit(digits.slice(0, -1)) === Number(digits.at(-1)) ? digits : null;
}
