/** The local date as yyyy-mm-dd: a file name stamp, and "today" where a date is checked against it. */
export function dateStamp(date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
