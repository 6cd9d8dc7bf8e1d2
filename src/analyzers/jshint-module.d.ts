// JSHint ships no types; this is the part of its API the analyzer uses.
declare module 'jshint' {
  export interface JshintError {
    id: string;
    code?: string;
    raw?: string;
    reason: string;
    evidence?: string;
    line: number;
    character?: number;
  }
  interface JshintFn {
    (source: string, options?: Record<string, unknown>, globals?: Record<string, boolean>): boolean;
    /** The last run's errors; entries may be null (JSHint leaves holes after "Too many errors"). */
    errors: (JshintError | null)[];
  }
  export const JSHINT: JshintFn;
}
