// A statistic as a data attribute (data-value, data-lo, data-hi…): left out when it is undefined (NaN, ±∞, null),
// as the text beside it shows "—". React warns on NaN attributes, and a test reading the attribute gets nothing
// rather than the string "NaN".
export const dataNum = (x: number | null | undefined): number | undefined => (x != null && Number.isFinite(x) ? x : undefined);
