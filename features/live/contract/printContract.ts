import { contractDownloadUrl } from '../../../domain/resources/contract.js';
import { openPrintView } from '../../../src/ui/printView.js';

/** Opens a contract's print view in a new window (the page allows only its own print script). */
export const printContract = (contractId: number, doFetch: typeof fetch = fetch) =>
  openPrintView(contractDownloadUrl(contractId), doFetch);
