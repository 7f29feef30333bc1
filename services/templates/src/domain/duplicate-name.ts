/** A free name for a copy: `<name>_copy`, `<name>_copy_2`, …, trimmed to fit 512 characters. */
export function freeCopyName(name: string, taken: ReadonlySet<string>): string {
  void name;
  void taken;
  throw new Error('not yet');
}
