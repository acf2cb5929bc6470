import '../../../src/util/zodJitless.js';
import '../../../domain/zodLocale.js';
import '@blueprintjs/core/lib/css/blueprint.css';
import './settleIn.css';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorHandlers } from '../../../src/api/frontLog.js';
import { createPageClient } from '../../../src/session/createClient.js';
import { installChineseLabels } from '../../../src/ui/chineseLabels.js';
import { SettleInApp } from './SettleInApp.js';

/** settleIn.html: 入住办理 at the reception (spec 000 §2 standalone page). */
const { client, frontLog } = createPageClient();
installGlobalErrorHandlers(window, frontLog);
installChineseLabels();
const root = document.getElementById('root');
if (root) createRoot(root).render(<SettleInApp client={client} />);
