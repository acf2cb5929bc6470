/**
 * 大写金额 of an amount in integer fen (the project's money: domain/resource.ts formatYuan), written
 * as the People's Bank of China's 《正确填写票据和结算凭证的基本规定》 asks (no 人民币 prefix: the
 * paper prints it). Where those rules allow a 零 or none, we write it, the stricter form against
 * alteration (docs/decisions.md, "Clerk"):
 * - zeros between two non-zero digits are one 零, also across 万/亿 (107000 → 壹拾万零柒仟元整);
 * - zeros ending a group are not written (壹拾万元整, 壹亿零伍佰万元整);
 * - 元 is followed by 零 when the 元 digit is 0 and 角 is not (100000.50 → 壹拾万元零伍角), or when
 *   角 is 0 and 分 is not (325.04 → 叁佰贰拾伍元零肆分); without yuan there is no 元 and no 零 (伍分);
 * - 整 after 元 only: 壹佰元整, 壹仟肆佰零玖元伍角, 陆仟零柒元壹角肆分;
 * - 拾 always with its digit (壹拾元整), 零元整 for nothing, 负 before a negative amount.
 */
const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

function yuanInWords(yuan: string): string {
  let out = '';
  let zeros = false;
  let groupHasDigit = false;
  for (let i = 0; i < yuan.length; i++) {
    const place = yuan.length - 1 - i;
    const digit = Number(yuan[i]);
    if (digit === 0) zeros = out !== '';
    else {
      if (zeros) out += '零';
      zeros = false;
      out += (DIGITS[digit] ?? '') + PLACES[place % 4];
      groupHasDigit = true;
    }
    if (place % 4 === 0) {
      if (groupHasDigit) out += GROUPS[place / 4];
      groupHasDigit = false;
    }
  }
  return out;
}

export function amountInWords(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额应为整数分：${fen}`);
  if (fen < 0) return `负${amountInWords(-fen)}`;
  if (fen === 0) return '零元整';
  const yuan = String(Math.floor(fen / 100));
  const jiao = Math.floor(fen / 10) % 10;
  const cent = fen % 10;
  let out = yuan === '0' ? '' : `${yuanInWords(yuan)}元`;
  if (out && ((yuan.endsWith('0') && jiao > 0) || (jiao === 0 && cent > 0))) out += '零';
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  if (cent > 0) out += `${DIGITS[cent]}分`;
  return jiao === 0 && cent === 0 ? `${out}整` : out;
}
