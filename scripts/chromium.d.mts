export declare const SYSTEM_CHROMIUM: string;
export declare function findChromium(o?: {
  env?: string;
  system?: string;
  playwright?: string | null;
  exists?: (p: string) => boolean;
}): { path: string | undefined; from: 'env' | 'system' | 'playwright' } | null;
export declare function missingChromiumMessage(o?: { env?: string; system?: string }): string;
