// The claims settings store lives in src/store/claimsSettings.ts (below the stores that read it); this path stays
// for code written against it.
export * from '../../store/claimsSettings';
