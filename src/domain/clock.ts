/** A slot's 24-hour clock time ('13:00') the way the spec writes it ('1:00 PM'). */
export function formatClockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const period = hours >= 12 ? 'PM' : 'AM';
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}:${String(minutes).padStart(2, '0')} ${period}`;
}

/** A slot's span, such as '9:00 AM – 1:00 PM'. */
export function formatClockRange(start: string, end: string): string {
  return `${formatClockTime(start)} – ${formatClockTime(end)}`;
}
