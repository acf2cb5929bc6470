import '../../../src/util/zodJitless.js';
import '@blueprintjs/core/lib/css/blueprint.css';
import './wall.css';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorHandlers } from '../../../src/api/frontLog.js';
import { createPageClient, placeToasts } from '../../../src/session/createClient.js';
import { startBlinkClock } from '../../../src/ui/blink.js';
import { installChineseLabels } from '../../../src/ui/chineseLabels.js';
import { WallApp } from './WallApp.js';
import { openWallSession, wallStore } from './wallSession.js';

/** fullchart.html: the control-room wall (spec 000 §2 standalone page). */
// The wall's own session (wallSession.ts): opened from the console's before the wall starts.
const store = wallStore();
const { client, frontLog } = createPageClient(undefined, store.user);
installGlobalErrorHandlers(window, frontLog);
installChineseLabels();
startBlinkClock();
placeToasts('bottom-left');
const root = document.getElementById('root');
void openWallSession(store).then(() => {
  if (root) createRoot(root).render(<WallApp client={client} store={store} flushLogs={frontLog.flush} />);
});
