/** A feed the importer refuses, with where and why. */
export class GtfsImportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(`${file}${line === null ? '' : ` line ${line}`}: ${reason}`);
    this.name = 'GtfsImportError';
  }
}
