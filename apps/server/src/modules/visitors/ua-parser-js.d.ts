/**
 * The part of ua-parser-js 1.x (which ships no types) that device.ts uses. 1.x, not 2.x: 2.x is
 * licensed AGPL-3.0, which would bind the whole server; 1.x is MIT.
 */
declare module 'ua-parser-js' {
  interface UAParserResult {
    browser: { name?: string; version?: string; major?: string };
    os: { name?: string; version?: string };
    device: { vendor?: string; model?: string; type?: string };
    cpu: { architecture?: string };
  }

  class UAParser {
    constructor(userAgent?: string);
    getResult(): UAParserResult;
  }

  export default UAParser;
}
