/** The later of two ISO times, either possibly null: keeps `updatedAt` fields independent of event order across streams. */
export const laterOf = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a > b ? a : b);
