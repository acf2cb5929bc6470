/** How long past due, in the largest two units: '45分钟', '1小时5分钟', '2天3小时'. */
export function overdueText(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days) return `${days}天${hours ? `${hours}小时` : ''}`;
  if (hours) return `${hours}小时${rest ? `${rest}分钟` : ''}`;
  return `${rest}分钟`;
}
