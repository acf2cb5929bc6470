// Prints a one-time sign-in mark: npx tsx scripts/sso-mark.ts <loginName>  (uses DATA_DIR, default ./data)
import { resolve } from 'node:path';
import { makeSsoMark, ssoSecret } from '../server/auth/ssoMark.js';

const loginName = process.argv[2];
if (!loginName) {
  console.error('用法: npx tsx scripts/sso-mark.ts <登录名>');
  process.exit(2);
}
const mark = makeSsoMark(ssoSecret(resolve(process.env.DATA_DIR ?? './data')), loginName);
console.log(mark);
