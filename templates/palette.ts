/**
 * Colours the SVG drawings use as presentation attributes (so they survive without CSS).
 * They match the custom properties in styles/tokens.css; change both together.
 */
export const PALETTE = {
  primary: '#0b5563',
  primaryDark: '#073b45',
  primaryTint: '#e4f1f1',
  accent: '#f4a024',
  accentLight: '#ffd58a',
  star: '#d97706',
  ink: '#17262b',
  water: '#8ccfca',
  waterDeep: '#4fa9a3',
  leaf: '#2e7d4f',
  leafLight: '#49a36a',
  trunk: '#8a5a2b',
  sand: '#f6e7c8',
  box: '#e0a458',
  boxDark: '#b97a34',
  white: '#ffffff',
  wheelHub: '#cfd8dc',
} as const;
