// Types for weights.js, which stays plain JavaScript so `node bench/run.js` runs without a compile step.

export declare const KB: number;

export declare const BUDGETS: {
  jsGzip: number;
  cssGzip: number;
  htmlGzip: number;
  firstVisitHome: number;
  coldBuildMs: number;
  coldBuildPeakMB: number;
  rebuildMs: number;
  lighthouseScore: number;
  cls: number;
};

export declare const PAGE_PATHS: readonly string[];

export type ResourceKind = 'html' | 'css' | 'js' | 'font' | 'image' | 'other';

export interface Resource {
  kind: ResourceKind;
  url: string;
  raw: number;
  gzip: number;
  /** gzip for text, raw for fonts and raster images. */
  transfer: number;
}

export interface KindTotal {
  raw: number;
  gzip: number;
  transfer: number;
  count: number;
}

export interface PageWeight {
  path: string;
  resources: Resource[];
  totals: Record<ResourceKind, KindTotal>;
  firstVisit: { raw: number; transfer: number };
  /** Third-party URLs the page references (not counted). */
  external: string[];
  /** Same-site URLs the page references that no built file answers. */
  missing: string[];
}

export interface BudgetCheck {
  name: string;
  value: number;
  limit: number;
  pass: boolean;
}

export type Lookup = (urlPath: string) => Buffer | undefined;

export declare function gzipSize(contents: string | Uint8Array): number;
export declare function lookupFromFiles(files: readonly { path: string; contents: string | Uint8Array }[]): Lookup;
export declare function pageWeight(pagePath: string, lookup: Lookup): PageWeight;
export declare function byteBudgetChecks(weight: PageWeight): BudgetCheck[];
