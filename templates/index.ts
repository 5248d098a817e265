export { Document } from './Document.js';
export type { Alternate, Assets, PageId, PageProps } from './types.js';
