/**
 * The ISO date one calendar year after `isoDate` (yyyy-mm-dd); 29 February maps to 1 March (the
 * rule on months, Minn. Stat. 645.14, was not verified here). Pure string arithmetic so decisions
 * never depend on the clock or time zone. A period's last day then follows 645.15 (periodEnd.ts).
 */
export function addOneYear(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4)) + 1;
  const monthDay = isoDate.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return monthDay === '02-29' && !leap ? `${year}-03-01` : `${year}-${monthDay}`;
}
