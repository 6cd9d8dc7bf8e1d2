// GitHub pull requests in: one client for the browser and the CLI.
export * from './errors.ts';
export * from './url.ts';
export * from './link.ts';
export * from './types.ts';
export * from './client.ts';
export * from './items.ts';
