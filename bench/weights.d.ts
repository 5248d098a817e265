// Types for weights.js, which stays plain JavaScript so `node bench/run.js` runs without a compile step.

export declare const KB: number;

export declare const BUDGETS: {
  jsGzip: number;
  cssGzip: number;
  htmlGzip: number;
  firstVisitHome: number;
  firstVisitHomeWithPhoto: number;
  heroPhotoPhone: number;
  photoRebuildExtraMs: number;
  bigPhotoPeakMB: number;
  coldBuildMs: number;
  coldBuildPeakMB: number;
  rebuildMs: number;
  firstRoundTripBytes: number;
  lighthouseScore: number;
  cls: number;
  lcpMs: Record<string, number>;
  everyPageLcpMs: number;
  tbtMs: number;
  peerLcpRatio: number;
};

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
export declare function pageWeight(pagePath: string, lookup: Lookup, screen?: Screen): PageWeight;
export declare function byteBudgetChecks(weight: PageWeight): BudgetCheck[];
/** A page's response as a host sends it: brotli body, the given headers (from _headers) and the host's own. */
export declare function firstResponseBytes(
  pagePath: string,
  lookup: Lookup,
  headers: ReadonlyArray<readonly [name: string, value: string]>,
): { body: number; headers: number; total: number };

/** A screen for choosing responsive images: CSS pixels wide, device pixels per CSS pixel. */
export interface Screen {
  width: number;
  dpr: number;
}

export declare const PHONE: Screen;

/** The srcset candidate a browser on `screen` picks for a slot `sizes` wide. */
export declare function pickCandidate(srcset: string, sizes: string | undefined, screen?: Screen): string;

/** The CSS width in px that `sizes` gives on a screen `viewport` CSS pixels wide. */
export declare function slotWidth(sizes: string, viewport: number): number;
