/** The message of a write of several items: `one` for a single item, else the count and `other` ("3 tags saved"). */
export const counted = (n: number, one: string, other: string) => (n === 1 ? one : `${n} ${other}`);
