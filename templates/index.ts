export { Document } from './Document.js';
export type { Assets, PageId, PageProps } from './types.js';
