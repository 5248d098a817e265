/**
 * What was pasted into one of a map position's two boxes. Google Maps copies a place as its pair,
 * "10.01234, 76.29876"; a browser's number box would drop the comma and the space and keep
 * 10.012347629876, a point kilometres away, so the pair is read here and fills both boxes.
 * `number`: one number (or nothing), which the box takes as it takes any paste.
 */
export type PastedPosition =
  | { kind: 'number' }
  | { kind: 'pair'; latitude: string; longitude: string }
  | { kind: 'refused'; message: string };

// Each with its decimals, as Google Maps gives them: "10,01234" is one number written with a comma, not a pair.
const DEGREES = /^-?\d+\.\d+$/;

export function pastedPosition(text: string, label: string): PastedPosition {
  const trimmed = text.trim();
  if (trimmed === '' || Number.isFinite(Number(trimmed))) return { kind: 'number' };
  const parts = trimmed.split(',').map((part) => part.trim());
  if (parts.length === 2 && parts.every((part) => DEGREES.test(part))) {
    const [latitude = '', longitude = ''] = parts;
    return { kind: 'pair', latitude, longitude };
  }
  const shown = trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed;
  return {
    kind: 'refused',
    message: `${label} was not changed: “${shown}” is not a number. Paste the two numbers Google Maps copies, e.g. 9.98765, 76.28543: they fill both boxes.`,
  };
}
