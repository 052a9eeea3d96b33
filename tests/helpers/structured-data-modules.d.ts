// The structured-data validator and its extractor ship no types: what tests/helpers/structured-data.ts uses of them.
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(extracted: unknown): Promise<unknown[]>;
  }
}
declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] });
    parse(html: string): unknown;
  }
}
