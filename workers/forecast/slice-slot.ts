/** A slice's name while it is asked for or on its way: the file's key, the variable, the lead index. */
export function sliceSlot(key: string, variable: string, leadIndex: number): string {
  return `${key}\u0000${variable}\u0000${leadIndex}`;
}
