/** One file of the built site, with its path inside the output folder (forward slashes). */
export interface OutputFile {
  path: string;
  contents: string | Buffer;
}
