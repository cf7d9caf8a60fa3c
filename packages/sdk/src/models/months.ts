/** The months of the year as every surface names them (January first). Constants only. */
export const MONTHS = 12;
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
export const MONTH_ABBREVIATIONS = MONTH_NAMES.map((m) => m.slice(0, 3));

/** Days of each month of a 365-day year. */
export const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
