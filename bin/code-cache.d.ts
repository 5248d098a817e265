export interface CachedBundle {
  exports: Record<string, unknown>;
  cache: 'used' | 'none' | 'refused';
  save(): void;
}

export function loadWithCodeCache(bundle: string, command: string, cacheDir: string): CachedBundle;
