// saxen ships no types: the part of its API the XLSX reader uses.
declare module 'saxen' {
  export class Parser {
    constructor(options?: { proxy?: boolean });
    on(event: 'openTag', cb: (name: string, attrs: () => Record<string, string>, decodeEntities: (s: string) => string, selfClosing: boolean) => void): this;
    on(event: 'closeTag', cb: (name: string) => void): this;
    on(event: 'text' | 'cdata', cb: (text: string) => void): this;
    on(event: 'error', cb: (e: Error) => void): this;
    parse(xml: string): Error | undefined;
    stop(): void;
  }
}
