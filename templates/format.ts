const rupeeFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** A whole number of rupees with Indian digit grouping: 8999 → "₹8,999", 125000 → "₹1,25,000". */
export function formatRupees(amount: number): string {
  return rupeeFormat.format(amount);
}
