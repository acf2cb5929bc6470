import '../../src/util/zodJitless.js';
import '@blueprintjs/core/lib/css/blueprint.css';
import './wall.css';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorHandlers } from '../../src/api/frontLog.js';
import { createPageClient } from '../../src/session/createClient.js';
import { installChineseLabels } from '../../src/ui/chineseLabels.js';
import { WallApp } from './WallApp.js';

/** fullchart.html: the control-room wall (spec 000 §2 standalone page). */
const { client, frontLog } = createPageClient();
installGlobalErrorHandlers(window, frontLog);
installChineseLabels();
const root = document.getElementById('root');
if (root) createRoot(root).render(<WallApp client={client} flushLogs={frontLog.flush} />);
